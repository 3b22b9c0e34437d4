import { REDACTED, mightContainSecret, redactString } from './redact.js';
import { replaceEach } from './replace-each.js';
import type { RedactOptions } from './redact.js';
import { describeValue } from './is.js';

/**
 * Options for {@link sanitizeMessage}: the length, and extra redaction rules (more patterns, more
 * key names whose values are masked in `key=value` text, keys allowed through).
 */
export interface SanitizeMessageOptions extends RedactOptions {
  /** Longer messages are cut to this many characters, the last one an ellipsis (default 2,000). */
  maxLength?: number;
  /**
   * Mask local file paths (`[PATH]`). Default `true` here; the encoders pass their own
   * `maskPaths` option, `false` unless asked, so an intended message keeps the paths it names.
   */
  maskPaths?: boolean | undefined;
}

/**
 * What a masked file path is replaced with.
 *
 * @example
 * sanitizeMessage('open /tmp/x.txt failed') === `open ${PATH_MARKER} failed`; // true
 */
export const PATH_MARKER = '[PATH]';

const DEFAULT_MAX_LENGTH = 2_000;

// File paths ------------------------------------------------------------------------------------

// Directories that only ever start a local file path, never an API route an agent could act on.
const POSIX_ROOTS = new Set(
  'home Users root tmp var etc opt usr srv mnt private proc dev sys run app work workspace snap Library Volumes nix'.split(
    ' ',
  ),
);
// A file name with an extension that says "source or data file".
const FILE_NAME =
  /\.(?:[cm]?[jt]sx?|json|py|rb|go|rs|java|kt|cs|php|sh|ya?ml|toml|env|pem|key|log|txt|db|sqlite|ini|conf|cfg)$/;

// `file:///etc/passwd`, `file://C:/x`
const FILE_URL = /\bfile:\/\/[^\s"'`<>)\]]+/gi;
// A run of path characters that holds a slash, read from its start only: not after a word
// character, a dot, `:` (so never the path of a URL, which follows `://host`) or another path
// character, so each run is read once. A `:line:col` after it comes along.
const PATH_RUN = /(?<![\w.@+~/:\\-])([\w.@+~-]*\/[\w.@+~/-]*)((?::\d+){0,2})/g;
// `C:\Users\ana\x.txt`, `\\server\share\x`; doubled backslashes too (a path inside JSON text).
const WINDOWS_PATH =
  /(?<!\w)(?:[A-Za-z]:|\\\\[\w.$-]+)\\+(?:[^\\\s"'`<>|:*?]+\\+)*[^\\\s"'`<>|:*?]*/g;

function hasNameAfter(segments: readonly string[], from: number): boolean {
  for (let i = from; i < segments.length; i++) if (segments[i] !== '') return true;
  return false;
}

/**
 * Whether a slash-separated run names a local file: under a home or system directory
 * (`/home/ana/x`, `~/notes`), an absolute path to a source or data file (`/srv2/app/index.js`), or
 * anything under `node_modules`. API routes (`/api/v1/messages`) and `and/or` are not.
 */
function isLocalPath(path: string): boolean {
  const absolute = path.startsWith('/') || path.startsWith('~/');
  if (!absolute && !path.includes('node_modules')) return false;
  const segments = path.split('/');
  const [first, second = ''] = segments;
  if (first === '~' && hasNameAfter(segments, 1)) return true;
  if (first === '') {
    if (POSIX_ROOTS.has(second) && hasNameAfter(segments, 2)) return true;
    if (segments.some((segment) => FILE_NAME.test(segment))) return true;
  }
  const modules = segments.indexOf('node_modules');
  return modules !== -1 && hasNameAfter(segments, modules + 1);
}

function maskPathRun([run, path = '', lineAndColumn = '']: RegExpExecArray): string {
  // A sentence may end right after a path: its full stop is not part of it.
  let end = path.length;
  while (end > 0 && path[end - 1] === '.') end--;
  if (!isLocalPath(path.slice(0, end))) return run;
  return lineAndColumn === '' ? PATH_MARKER + path.slice(end) : PATH_MARKER;
}

/** `text` with its local file paths masked (`[PATH]`): what `maskPaths: true` adds to redaction. */
export function maskPaths(text: string): string {
  let out = text;
  if (out.includes('/')) {
    FILE_URL.lastIndex = 0;
    out = out.replace(FILE_URL, PATH_MARKER);
    out = replaceEach(out, PATH_RUN, maskPathRun);
  }
  if (out.includes('\\')) {
    WINDOWS_PATH.lastIndex = 0;
    out = out.replace(WINDOWS_PATH, PATH_MARKER);
  }
  return out;
}

// Cutting to length -----------------------------------------------------------------------------

// How much is read beyond the visible length, so that a secret straddling the cut is seen whole.
const WINDOW_SLACK = 512;
// How far a run of non-space characters that straddles the window's end is followed to its end.
const RUN_LIMIT = 64 * 1024;
const SPACE = /\s/;
const NEXT_SPACE = /\s/g;

function isSpaceAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code === 32 || (code >= 9 && code <= 13)) return true;
  // Beyond ASCII: no-break and other Unicode spaces (a NaN past the end is no space).
  return code > 127 && SPACE.test(text[index] as string);
}

/** Where the run of non-space characters holding `index` starts. */
function runStart(text: string, index: number): number {
  let start = index;
  while (start > 0 && !isSpaceAt(text, start - 1)) start--;
  return start;
}

/**
 * The part of `text` that is redacted: all of it when short, else a prefix with room to spare
 * that never ends inside a run of non-space characters, so no secret is seen only in part. A run
 * that straddles the end is read to its end, or dropped when it goes on past {@link RUN_LIMIT}
 * (a message that is one such run comes out as just the ellipsis).
 */
function redactionWindow(text: string, max: number): string {
  const end = max + WINDOW_SLACK;
  if (text.length <= end || isSpaceAt(text, end) || isSpaceAt(text, end - 1)) {
    return text.slice(0, end);
  }
  NEXT_SPACE.lastIndex = end;
  const space = NEXT_SPACE.exec(text);
  const runEnd = space === null ? text.length : space.index;
  if (runEnd - end <= RUN_LIMIT) return text.slice(0, runEnd);
  return text.slice(0, runStart(text, end));
}

/**
 * Where to cut `text` to keep `room` characters. Inside a short run of non-space characters the
 * cut moves back to the run's start, so no part of a token shows; a long run (more than half the
 * room, which the redaction saw whole) is cut where it is, but never inside a marker.
 */
function cutPoint(text: string, room: number): number {
  if (isSpaceAt(text, room) || isSpaceAt(text, room - 1)) return room;
  const start = runStart(text, room);
  if (room - start <= room / 2) return start;
  for (const marker of [REDACTED, PATH_MARKER]) {
    const at = text.lastIndexOf(marker[0] as string, room - 1);
    if (at !== -1 && at + marker.length > room && text.startsWith(marker, at)) return at;
  }
  return room;
}

/**
 * Make a message fit to show an agent: secrets and credentials in URLs are masked
 * (`[REDACTED]`), local file paths are masked (`[PATH]`), and the length is bounded. Secrets are
 * masked before the cut, and the cut never shows part of a token. Applying it twice changes
 * nothing more. Never throws for a string. Time is linear in the length of `text`.
 *
 * @example
 * sanitizeMessage('ENOENT: open /home/ana/.config/app/token.json (Bearer abc.def.ghi)');
 * // 'ENOENT: open [PATH] (Bearer [REDACTED])'
 */
export function sanitizeMessage(text: string, options?: SanitizeMessageOptions): string {
  const max = options?.maxLength ?? DEFAULT_MAX_LENGTH;
  if (typeof max !== 'number' || !(max >= 1)) {
    throw new TypeError(
      `sanitizeMessage: maxLength must be a number >= 1; received ${describeValue(max)}`,
    );
  }
  return cleanThenCut(text, max, (part) => {
    const redacted = redactString(part, options);
    return options?.maskPaths === false ? redacted : maskPaths(redacted);
  });
}

/**
 * `text` with its secrets redacted, then cut to `max` characters (the last an ellipsis), for
 * places that bound a message's length but keep its paths (the JSON-RPC family, a cancel
 * reason, the CLI's one-line echoes). Redaction comes first and reads past the cut, so a secret
 * that straddles the cut goes whole: the cut never shows part of one. Time is linear in `text`.
 *
 * @example
 * redactThenCut('token=abc123secret', 2000); // 'token=[REDACTED]'
 */
export function redactThenCut(text: string, max: number, options?: RedactOptions): string {
  // Most messages fit and hold nothing the default rules look for (their own pre-check, which
  // redactString asks first too): sent as they are, after that one check.
  if (options === undefined && text.length <= max && !mightContainSecret(text)) return text;
  return cleanThenCut(text, max, (part) => redactString(part, options));
}

function cleanThenCut(text: string, max: number, clean: (text: string) => string): string {
  const window = redactionWindow(text, max);
  let out = settle(window, clean);
  // Masking may have shrunk a cut window below the limit: it still ends with the ellipsis.
  if (out.length <= max && window.length === text.length) return out;
  // The text is cut. A cut can leave a key with only the first word of its value
  // (`Authorization: Bearer…`), which then reads as a secret of its own, and masking that can make
  // the text longer again: settle the cut text, and cut again if it grew past the limit.
  for (let round = 0; round < SETTLE_ROUNDS; round++) {
    out = settle(cut(out, max), clean);
    if (out.length <= max) return out;
  }
  return cut(out, max);
}

// Rules meet: masking a path can put `[PATH]` right after a key (`password=C:\x` with too short
// a value to be a secret), where the next reading takes it for a value. Cleaning is repeated
// until it changes nothing more (a pass that changed nothing needs no second), so that applying
// sanitizeMessage twice changes nothing more. Two passes settle everything seen in testing.
const SETTLE_ROUNDS = 3;

function settle(text: string, clean: (text: string) => string): string {
  let out = text;
  for (let round = 0; round < SETTLE_ROUNDS; round++) {
    const again = clean(out);
    if (again === out) break;
    out = again;
  }
  return out;
}

/** `text` cut to `max` characters, the last an ellipsis. */
function cut(text: string, max: number): string {
  const room = max - 1;
  return `${text.length > room ? text.slice(0, cutPoint(text, room)) : text}…`;
}
