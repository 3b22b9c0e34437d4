/**
 * Secrets that say what they are: a provider prefix (`ghp_`, `AKIA`, `xoxb-`, `-----BEGIN … PRIVATE
 * KEY-----`) followed by a body of a known alphabet and length. These are found wherever they are,
 * without a key name or header in front.
 *
 * Time is linear in the text for every format. Each pattern starts with a literal (or a short
 * bounded run), and its body is either bounded (`{16}`, `{31,34}`) or a single run followed by
 * nothing that can fail after it, so a failed attempt costs at most the body's minimum length and
 * a started run is matched whole. The private-key pattern's lazy body always succeeds (at its END
 * line or at the end of the text). The prefixes follow gitleaks' rules
 * (github.com/gitleaks/gitleaks, `config/gitleaks.toml`), with looser lengths where providers
 * have changed them over time.
 */
import { replaceEach } from './replace-each.js';

/** One self-identifying secret format. */
export interface SecretFormat {
  /** The pattern's source, without flags. */
  readonly source: string;
  /**
   * Whether the format is recognised glued to a preceding letter or digit (`tokenghp_…`,
   * `xAKIA…`). Only distinctive prefixes are: a short one such as `sk-` must start a word, or
   * `task-12345678` would read as `sk-12345678`. A glued format has no lookahead at its end
   * (`AKIA` and 16 characters, whatever follows): in a long run, one would match only at the end
   * of the run, and each new reading would peel one more match off it.
   */
  readonly glued: boolean;
  /** A visible head that is kept (`hooks.slack.com/services/`); the rest of the match goes. */
  readonly keep?: RegExp;
  /**
   * Literals one of which every match holds, when the source does not start with one; a pattern
   * where the format has no literal at all (a Discord bot token's `.xxxxxx.`).
   */
  readonly hints?: readonly (string | RegExp)[];
}

/**
 * Where a word starts: not after a letter or digit, but also right after an escaped line break or
 * tab (`\n` as two characters inside a JSON string) or a percent-encoded character (`%20`, `%3D`).
 */
export const WORD_START = String.raw`(?:(?<![A-Za-z0-9])|(?<=\\[nrt]|%[0-9A-Fa-f]{2}))`;

const raw = String.raw;

/** The formats, most specific first where two share a prefix. */
export const SECRET_FORMATS: readonly SecretFormat[] = [
  // AI providers
  { source: raw`sk-ant-[a-z]{2,8}\d{2}-[\w-]{20,}`, glued: true },
  { source: raw`sk-(?:proj|svcacct|admin)-[\w-]{40,}`, glued: true },
  { source: raw`sk-[\w-]{8,}`, glued: false },
  { source: raw`gsk_[A-Za-z0-9]{40,}`, glued: true },
  { source: raw`pplx-[A-Za-z0-9]{40,}`, glued: true },
  { source: raw`xai-[A-Za-z0-9]{50,}`, glued: true },
  { source: raw`r8_[A-Za-z0-9]{30,}`, glued: false },
  { source: raw`hf_[A-Za-z0-9]{30,}`, glued: false },
  { source: raw`api_org_[A-Za-z0-9]{30,}`, glued: true },
  // Code hosting and package registries
  {
    source: raw`gh[pousr]_[A-Za-z0-9]{16,}`,
    glued: true,
    hints: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'],
  },
  { source: raw`github_pat_\w{20,}`, glued: true },
  {
    source: raw`gl(?:pat|ptt|dt|rt|soat|ffct|ft|imt|agent|oas|cbt)-[\w-]{20,}`,
    glued: true,
    hints: ['gl'],
  },
  { source: raw`GR1348941[\w-]{20,}`, glued: true },
  { source: raw`npm_[A-Za-z0-9]{36,}`, glued: true },
  { source: raw`pypi-AgE[\w-]{50,}`, glued: true },
  { source: raw`rubygems_[a-f0-9]{48}`, glued: true },
  // Clouds
  {
    source: raw`(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}`,
    glued: true,
    hints: ['A3T', 'AKIA', 'ASIA', 'ABIA', 'ACCA'],
  },
  {
    // STS session tokens: base64 of a fixed binary header
    source: raw`(?:IQoJb3JpZ2luX2V|FwoGZXIvYXdz|FQoGZXIvYXdz)[A-Za-z0-9/+=]{40,}`,
    glued: true,
    hints: ['IQoJb3JpZ2lu', 'FwoGZXIvYXdz', 'FQoGZXIvYXdz'],
  },
  { source: raw`AIza[\w-]{35}`, glued: true },
  { source: raw`ya29\.[\w-]{20,}`, glued: true },
  { source: raw`1//0[\w-]{30,}`, glued: false },
  { source: raw`GOCSPX-[\w-]{20,}`, glued: true },
  {
    source: raw`[\w~.]{3}\dQ~[\w~.-]{31,34}(?![\w~.-])`,
    glued: false,
    hints: ['Q~'],
  },
  { source: raw`do[opr]_v1_[A-Za-z0-9]{32,}`, glued: true, hints: ['_v1_'] },
  { source: raw`LTAI[A-Za-z0-9]{20}`, glued: true },
  { source: raw`HRKU-[\w-]{30,}`, glued: true },
  { source: raw`hv[sbr]\.[\w-]{24,}`, glued: true },
  {
    source: raw`dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,}`,
    glued: true,
    hints: ['dp.'],
  },
  { source: raw`pscale_(?:tkn|oauth|pw)_[\w.=-]{32,}`, glued: true },
  { source: raw`pul-[a-f0-9]{40}(?![A-Za-z0-9])`, glued: false },
  { source: raw`dapi[a-f0-9]{32}(?![A-Za-z0-9])`, glued: false },
  {
    source: raw`(?:fo1_[\w-]{43}|fm[12][ar]?_[A-Za-z0-9+/=]{100,})`,
    glued: true,
    hints: ['fo1_', 'fm1', 'fm2'],
  },
  { source: raw`AGE-SECRET-KEY-1[0-9A-Z]{58}`, glued: true },
  { source: raw`ops_eyJ[A-Za-z0-9+/=]{100,}`, glued: true },
  // Chat, payments, e-mail and other services
  { source: raw`xox[a-z]-[A-Za-z0-9-]{6,}`, glued: true },
  { source: raw`xapp-\d-[A-Za-z0-9-]{10,}`, glued: true },
  {
    source: raw`hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/_-]{20,}`,
    glued: true,
    keep: /^hooks\.slack\.com\/\w+\//,
  },
  {
    source: raw`discord(?:app)?\.com/api/webhooks/\d+/[\w-]{20,}`,
    glued: true,
    keep: /^discord(?:app)?\.com\/api\/webhooks\/\d+\//,
  },
  {
    // Also glued to a word: the Bot API puts it in the path, `/bot123456:AA…/getMe`.
    source: raw`(?<!\d)\d{5,16}:A[\w-]{34}(?![\w-])`,
    glued: true,
    hints: [':A'],
  },
  {
    // A bot token: the base64 of the bot's numeric id, a timestamp, an HMAC.
    source: raw`[MNO][\w-]{23,25}\.[\w-]{6}\.[\w-]{27,38}(?![\w-])`,
    glued: false,
    hints: [/\.[\w-]{6}\./],
  },
  {
    source: raw`[sr]k_(?:live|test|prod)_[A-Za-z0-9]{24,}`,
    glued: true,
    hints: ['k_live_', 'k_test_', 'k_prod_'],
  },
  {
    source: raw`[sr]k_(?:live|test|prod)_[A-Za-z0-9]{8,}`,
    glued: false,
    hints: ['k_live_', 'k_test_', 'k_prod_'],
  },
  { source: raw`whsec_[A-Za-z0-9+/=]{20,}`, glued: true },
  { source: raw`sq0(?:atp|csp)-[\w-]{22,}`, glued: true },
  { source: raw`EAA[A-Za-z0-9]{100,}`, glued: true },
  { source: raw`shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}`, glued: true },
  { source: raw`SG\.[\w-]{16,32}\.[\w-]{16,64}`, glued: false, hints: ['SG.'] },
  { source: raw`xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}`, glued: true },
  { source: raw`key-[0-9a-f]{32}(?![A-Za-z0-9])`, glued: false },
  { source: raw`SK[0-9a-fA-F]{32}(?![A-Za-z0-9])`, glued: false },
  { source: raw`lin_api_[A-Za-z0-9]{40}`, glued: true },
  { source: raw`ntn_\d{11}[A-Za-z0-9]{35}`, glued: true },
  { source: raw`ATATT3[\w=-]{50,}`, glued: true },
  { source: raw`PMAK-[a-f0-9]{24}-[a-f0-9]{34}`, glued: true },
  { source: raw`sntry[su]_[\w=+/]{40,}`, glued: true },
  {
    source: raw`(?:glc_[A-Za-z0-9+/]{32,}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}|eyJrIjoi[A-Za-z0-9]{70,})`,
    glued: true,
    hints: ['glc_', 'glsa_', 'eyJrIjoi'],
  },
  // Private keys (PEM, OpenSSH, PGP), also when cut off before their END line
  {
    source: raw`-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----|$)`,
    glued: true,
  },
];

/**
 * The name of each format in {@link SECRET_FORMATS}, by index: what the tests call each one
 * (its sample, its test title). Nothing at run time reads a name, so no bundle carries them;
 * a unit test fails when the two lists differ in length.
 */
export const SECRET_FORMAT_NAMES: readonly string[] = [
  'anthropic',
  'openai-project',
  'sk-key',
  'groq',
  'perplexity',
  'xai',
  'replicate',
  'huggingface',
  'huggingface-org',
  'github',
  'github-fine-grained',
  'gitlab',
  'gitlab-runner-registration',
  'npm',
  'pypi',
  'rubygems',
  'aws-access-key-id',
  'aws-session-token',
  'google-api-key',
  'google-oauth-access-token',
  'google-oauth-refresh-token',
  'google-client-secret',
  'azure-ad-client-secret',
  'digitalocean',
  'alibaba',
  'heroku',
  'hashicorp-vault',
  'doppler',
  'planetscale',
  'pulumi',
  'databricks',
  'fly',
  'age',
  '1password-service-account',
  'slack',
  'slack-app',
  'slack-webhook',
  'discord-webhook',
  'telegram-bot',
  'discord-bot',
  'stripe',
  'stripe-short',
  'webhook-signing-secret',
  'square',
  'facebook',
  'shopify',
  'sendgrid',
  'sendinblue',
  'mailgun',
  'twilio',
  'linear',
  'notion',
  'atlassian',
  'postman',
  'sentry-token',
  'grafana',
  'private-key',
];

function formatSource(format: SecretFormat): string {
  return format.glued ? format.source : `${WORD_START}(?:${format.source})`;
}

/** Each format as its own global pattern, for reading and testing one at a time. */
export function formatPattern(format: SecretFormat): RegExp {
  return new RegExp(formatSource(format), 'g');
}

// The literal a pattern starts with (`sk-ant-` of `sk-ant-[a-z]{2,8}…`): text without it cannot
// match, and a test for the literals finds that out far faster than the patterns can.
const LEADING_LITERAL = /^[\w/-]*/;

function hintsOf(format: SecretFormat): readonly (string | RegExp)[] {
  if (format.hints) return format.hints;
  const literal = LEADING_LITERAL.exec(format.source)?.[0] ?? '';
  if (literal.length < 2) throw new Error(`secret format /${format.source}/ needs hints`);
  return [literal];
}

function hintSource(hint: string | RegExp): string {
  return typeof hint === 'string' ? hint.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : hint.source;
}

function holds(text: string, hint: string | RegExp): boolean {
  return typeof hint === 'string' ? text.includes(hint) : hint.test(text);
}

/** A format ready to run: its pattern, the literals that must occur first, its replacement. */
interface CompiledFormat {
  readonly hints: readonly (string | RegExp)[];
  readonly pattern: RegExp;
  readonly keep: RegExp | undefined;
}

const COMPILED: readonly CompiledFormat[] = SECRET_FORMATS.map((format) => ({
  hints: hintsOf(format),
  pattern: formatPattern(format),
  keep: format.keep,
}));

/** Whether some format's leading literal occurs in the text: a cheap test before any pattern. */
export const SECRET_FORMAT_HINT = new RegExp(
  [...new Set(COMPILED.flatMap((format) => format.hints.map(hintSource)))].join('|'),
);

/**
 * Replace every self-identifying secret in `text` with `marker` (keeping a format's visible
 * head, such as `hooks.slack.com/services/`). Only the formats whose leading literal occurs run.
 */
export function redactFormats(text: string, marker: string): string {
  if (!SECRET_FORMAT_HINT.test(text)) return text;
  let out = text;
  for (const format of COMPILED) {
    if (!format.hints.some((hint) => holds(out, hint))) continue;
    const { keep, pattern } = format;
    out = replaceEach(out, pattern, ([match]) => (keep?.exec(match)?.[0] ?? '') + marker);
  }
  return out;
}
