/**
 * Letters of other scripts drawn like ASCII letters and digits, from Unicode's confusable
 * skeletons (UTS #39, `confusables.txt`): each group is an ASCII target followed by the
 * characters whose skeleton is that one character. Only characters that NFKD leaves as they are
 * are listed (NFKD already folds full-width and mathematical forms to plain ones, which are then
 * looked up here), and only those of the Basic Multilingual Plane: letters past it (Old Italic,
 * Warang Citi…) cost a bundle twice as much each and no keyboard types them. Capital look-alikes
 * of `I` map to `i` (the skeleton's `l` is the glyph; a key word is spelt with `i`). Generated
 * from the single-character entries of confusables.txt as converted in
 * github.com/Life4gal/gal-archived (`gal/UTILS/src/confusable.cpp`, 1,786 entries); regenerate
 * from Unicode's own file with `node scripts/confusables.mjs confusables.txt`.
 */
const SKELETON_GROUPS =
  '2ƧϨᒿꙄꛯꝚ|3ƷȜЗӠⳌꝪꞫ|4Ꮞ|5Ƽ|6бᏮⳒ|7|8Ȣȣ৪੪|9৭੧୨൭ⳊꝮ|aɑΑαАаᎪᗅꓮ|bƄΒВЬᏏᏴᖯᗷꓐꞴ|cСсᏟᴄⲤⲥꓚꮯ|dԁᎠᏧᑯᗞᗪꓒꓓ|eΕЕеҽᎬⴹꓰꬲ|fϜքᖴẝꓝꞘꞙꬵ|gƍɡԌցᏀᏳᶃꓖ|hΗНһհᎻᏂᕼⲎꓧ|iıƖɩɪΙιІіӀӏᎥⲒꙇꭵ|jͿϳЈјᎫᒍꓙꞲ|kΚКᏦᛕⲔꓗ|lǀוןا١۱ߊᏞᒪᛁⳐⵏꓡꓲ|mΜϺМᎷᗰᛖⲘꓟ|nΝոռⲚꓠ|oΟοσОоՕօסه٥ھہە۵߀०০੦૦ଠ୦௦౦೦ഠ൦๐໐ဝ၀ჿዐᴏᴑⲞⲟⵔ〇ꓳꬽ|pΡρРрᏢᑭⲢⲣꓑ|qԛգզⵕ|rƦгᎡᏒᖇᴦⲅꓣꭇꭈꮁ|sƽЅѕՏᏕᏚꓢꜱꮪ|tΤТᎢⲦꓔ|uʋυՍսሀᑌᴜꓴꞟꭎꭒ|vνѴѵט٧۷Ꮩᐯᴠⴸꓦꛟꮩ|wɯѡԜԝաᎳᏔᴡꓪꮃ|xΧХхᕁᕽᚷⲬⵝꓫꞳ|yɣʏΥγУуҮүყᎩᎽᶌỿⲨꓬꭚ|zΖᏃᴢꓜꮓ';

/**
 * Lower-case letters that UTS #39 maps to small capitals rather than to ASCII, drawn like Latin
 * letters at text sizes (Cyrillic `в`, `к`, `м`, `н`, `п`, `т`; Greek `β`, `η`, `κ`, `μ`; dotless `ȷ`).
 */
const SMALL_FORM_GROUPS = 'bвβь|kкκ|mм|hн|nпη|tтτ|uμ|wω|xχ|eε|jȷ';

let table: Map<string, string> | undefined;

/** The ASCII letter or digit `char` is drawn like, if it is a look-alike. */
export function confusableTarget(char: string): string | undefined {
  if (table === undefined) {
    table = new Map();
    for (const group of `${SKELETON_GROUPS}|${SMALL_FORM_GROUPS}`.split('|')) {
      const [target, ...sources] = group;
      for (const source of sources) if (!table.has(source)) table.set(source, target as string);
    }
  }
  return table.get(char);
}
