/**
 * Letters of other scripts drawn like ASCII letters and digits, from Unicode's confusable
 * skeletons (UTS #39, `confusables.txt`): each group is an ASCII target followed by the
 * characters whose skeleton is that one character. Only characters that NFKD leaves as they are
 * are listed (NFKD already folds full-width and mathematical forms to plain ones, which are then
 * looked up here). Capital look-alikes of `I` map to `i` (the skeleton's `l` is the glyph, a
 * key word is spelt with `i`). Generated from the 1,786 single-character entries of
 * confusables.txt as converted in github.com/Life4gal/gal-archived (`gal/UTILS/src/confusable.cpp`);
 * regenerate from Unicode's own file with `node scripts/confusables.mjs confusables.txt`.
 */
const SKELETON_GROUPS =
  '2ƧϨᒿꙄꛯꝚ|3ƷȜЗӠⳌꝪꞫ𑣊𖼻|4Ꮞ𑢯|5Ƽ𑢻|6бᏮⳒ𑣕|7𐓒𑣆|8Ȣȣ৪੪𐌚𞣋|9৭੧୨൭ⳊꝮ𑢬𑣌𑣖|aɑΑαАаᎪᗅꓮ𐊠𖽀|bƄΒВЬᏏᏴᖯᗷꓐꞴ𐊂𐊡𐌁|cСсᏟᴄⲤⲥꓚꮯ𐊢𐌂𐐕𐐽𐔜𑣩𑣲|dԁᎠᏧᑯᗞᗪꓒꓓ|eΕЕеҽᎬⴹꓰꬲ𐊆𑢦𑢮|fϜքᖴẝꓝꞘꞙꬵ𐊇𐊥𐔥𑢢𑣂|gƍɡԌցᏀᏳᶃꓖ|hΗНһհᎻᏂᕼⲎꓧ𐋏|iıƖɩɪΙιІіӀӏᎥⲒꙇꭵ𑣃|jͿϳЈјᎫᒍꓙꞲ|kΚКᏦᛕⲔꓗ𐔘|lǀוןا١۱ߊᏞᒪᛁⳐⵏꓡꓲ𐊊𐌉𐌠𐐛𐔦𑢣𑢲𖼖𖼨𞣇|mΜϺМᎷᗰᛖⲘꓟ𐊰𐌑|nΝոռⲚꓠ𐔓|oΟοσОоՕօסه٥ھہە۵߀०০੦૦ଠ୦௦౦೦ഠ൦๐໐ဝ၀ჿዐᴏᴑⲞⲟⵔ〇ꓳꬽ𐊒𐊫𐐄𐐬𐓂𐓪𐔖𑓐𑢵𑣈𑣗𑣠|pΡρРрᏢᑭⲢⲣꓑ𐊕|qԛգզⵕ|rƦгᎡᏒᖇᴦⲅꓣꭇꭈꮁ𐒴𖼵|sƽЅѕՏᏕᏚꓢꜱꮪ𐊖𐐠𐑈𑣁𖼺|tΤТᎢⲦꓔ𐊗𐊱𐌕𑢼𖼊|uʋυՍսሀᑌᴜꓴꞟꭎꭒ𐓎𐓶𑢸𑣘𖽂|vνѴѵט٧۷Ꮩᐯᴠⴸꓦꛟꮩ𐔝𑜆𑢠𑣀𖼈|wɯѡԜԝաᎳᏔᴡꓪꮃ𑜊𑜎𑜏𑣦𑣯|xΧХхᕁᕽᚷⲬⵝꓫꞳ𐊐𐊴𐌗𐌢𐔧𑣬|yɣʏΥγУуҮүყᎩᎽᶌỿⲨꓬꭚ𐊲𑢤𑣜𖽃|zΖᏃᴢꓜꮓ𐋵𑢩𑣄𑣥';

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
