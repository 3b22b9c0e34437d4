import { redactString } from './redact.js';
import type { RedactOptions } from './redact.js';

/** Options for {@link sanitizeMessage}. */
export interface SanitizeMessageOptions {
  /** Longer messages are cut to this many characters, the last one an ellipsis (default 2,000). */
  maxLength?: number;
  /** More secret value patterns to mask, on top of the defaults. */
  redactPatterns?: RedactOptions['redactPatterns'];
}

/**
 * What a masked file path is replaced with.
 *
 * @example
 * sanitizeMessage('open /tmp/x.txt failed') === `open ${PATH_MARKER} failed`; // true
 */
export const PATH_MARKER = '[PATH]';

const DEFAULT_MAX_LENGTH = 2_000;

// Directories that only ever start a local file path, never an API route an agent could act on.
const POSIX_ROOTS =
  'home|Users|root|tmp|var|etc|opt|usr|srv|mnt|private|proc|dev|sys|run|app|work|workspace|snap|Library|Volumes|nix';
const SEGMENT = '[\\w.@+~-]+';
// A path starts a word: not inside a URL (`https://host/a/b`) nor a longer token.
const PATH_START = '(?<![\\w.:/\\\\~-])';
const PATH_PATTERNS: readonly RegExp[] = [
  // file:///etc/passwd, file://C:/x
  /\bfile:\/\/\/?[^\s"'`<>)\]]+/gi,
  // /home/me/project/x.ts, /tmp/a, ~/secret/notes.txt
  new RegExp(`${PATH_START}(?:~|/(?:${POSIX_ROOTS}))(?:/${SEGMENT})+/?`, 'g'),
  // Any absolute path that names a source or data file: /srv2/app/index.js:12:5
  new RegExp(
    `${PATH_START}(?:/${SEGMENT})+\\.(?:[cm]?[jt]sx?|json|py|rb|go|rs|java|kt|cs|php|sh|ya?ml|toml|env|pem|key|log|txt|db|sqlite|ini|conf|cfg)(?::\\d+){0,2}\\b`,
    'g',
  ),
  // Anything under node_modules
  new RegExp(`${PATH_START}(?:\\.{0,2}/)?(?:${SEGMENT}/)*node_modules(?:/${SEGMENT})+`, 'g'),
  // C:\Users\me\x.txt, \\server\share\x
  /(?<![\w])(?:[A-Za-z]:|\\\\[\w.$-]+)\\(?:[^\\\s"'`<>|:*?]+\\)*[^\\\s"'`<>|:*?]*/g,
];

/**
 * Make a message fit to show an agent: secrets and credentials in URLs are masked
 * (`[REDACTED]`), local file paths are masked (`[PATH]`), and the length is bounded. Applying it
 * twice changes nothing more. Never throws for a string.
 *
 * @example
 * sanitizeMessage('ENOENT: open /home/ana/.config/app/token.json (Bearer abc.def.ghi)');
 * // 'ENOENT: open [PATH] (Bearer [REDACTED])'
 */
export function sanitizeMessage(text: string, options?: SanitizeMessageOptions): string {
  const max = options?.maxLength ?? DEFAULT_MAX_LENGTH;
  if (typeof max !== 'number' || !(max >= 1)) {
    throw new TypeError(
      `sanitizeMessage: maxLength must be a number >= 1; received ${String(max)}`,
    );
  }
  // Bound the work before the patterns run; the slack keeps a secret at the cut recognisable.
  let out = text.length > max + 512 ? text.slice(0, max + 512) : text;
  out = redactString(out, options?.redactPatterns);
  if (out.includes('/') || out.includes('\\')) {
    for (const pattern of PATH_PATTERNS) {
      pattern.lastIndex = 0;
      out = out.replace(pattern, PATH_MARKER);
    }
  }
  if (out.length > max) out = `${out.slice(0, max - 1)}…`;
  return out;
}
