// Redaction and path masking take time linear in their input, whatever the input.
//
// For each family of hostile input, the time for 200 KB is compared with the time for 20 KB:
// linear code takes about 10 times as long, quadratic code 100 times. The tenfold step is what
// shows the growth, at any size; 200 KB rather than a larger input keeps the suite's CPU cost
// down (every family is read about a dozen times at the large size). Machines are shared, so only the
// ratio is asserted (never a duration): the median of several rounds, each size in a round the
// fastest of a few samples that each last long enough to measure. A guard from 2 KB to 20 KB
// fails fast on anything quadratic, before it can spend minutes on the large input.
import { describe, expect, it } from 'vitest';
import { sanitizeMessage } from 'agent-errors';
import {
  SECRET_FORMATS,
  SECRET_FORMAT_NAMES,
  formatPattern,
} from '../../src/core/secret-formats.js';
import { readMcpErrorPrefix } from '../../src/dialects/tool/mcp-prefix.js';

const SMALL = 2_000;
const MEDIUM = 20_000;
const LARGE = 200_000;
// Between linear (10x for 10x the input) and quadratic (100x): wide enough that a busy shared
// machine (both cores loaded by stress-ng) never fails linear code, narrow enough that quadratic
// code always fails (the last test below measures one with this same harness).
const MAX_RATIO = 30;
const ROUNDS = 3;
const SAMPLES = 2;
const SAMPLE_MS = 10;

/** A hostile input: a unit repeated to `length`, or built for that length. */
type Shape = string | ((length: number) => string);

function hostile(shape: Shape, length: number): string {
  const text =
    typeof shape === 'function'
      ? shape(length)
      : shape.repeat(Math.ceil(length / shape.length)).slice(0, length);
  // `repeat` and `+` build ropes; the first pattern to read one would pay for flattening it.
  /^/.test(text);
  return text;
}

/** Milliseconds per call of `run`, repeated until the sample lasts {@link SAMPLE_MS}. */
function msPerCall(run: () => unknown): number {
  const start = performance.now();
  for (let calls = 1; ; calls++) {
    run();
    const elapsed = performance.now() - start;
    if (elapsed >= SAMPLE_MS) return elapsed / calls;
  }
}

/** The fastest of a few samples: one the scheduler interrupted is slower, never faster. */
function fastestMsPerCall(run: () => unknown): number {
  return Math.min(...Array.from({ length: SAMPLES }, () => msPerCall(run)));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/**
 * The time `work` takes on `shape` at the large size, over the time at the medium one: the median of
 * {@link ROUNDS} ratios, each from the two sizes timed back to back, so that a busy moment on the
 * machine weighs on both. The medium figure is taken over ten distinct copies in turn: one medium
 * text fits in a core's cache and the large one may not, and that alone would lift the ratio of
 * a plain scan to 13–16. Fails first if the medium size already takes far longer than 10 times
 * the small one.
 */
function growth(
  shape: Shape,
  work: (text: string) => unknown,
  sizes: { small: number; medium: number; large: number } = {
    small: SMALL,
    medium: MEDIUM,
    large: LARGE,
  },
  guarded = true,
): number {
  const small = hostile(shape, sizes.small);
  const mediums = Array.from({ length: sizes.large / sizes.medium }, () =>
    hostile(shape, sizes.medium),
  );
  const perSmall = fastestMsPerCall(() => work(small));
  const singles = mediums.slice(0, 3).map((medium) => {
    const start = performance.now();
    work(medium);
    return performance.now() - start;
  });
  const guard = median(singles) / perSmall;
  if (guarded) {
    expect(
      guard,
      `${sizes.medium} characters took ${guard.toFixed(0)}x as long as ${sizes.small}`,
    ).toBeLessThan(MAX_RATIO * 4);
  }
  const large = hostile(shape, sizes.large);
  work(large); // warm up: patterns compile and tier up on first use
  const ratios: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const perMedium =
      fastestMsPerCall(() => {
        for (const medium of mediums) work(medium);
      }) / mediums.length;
    ratios.push(fastestMsPerCall(() => work(large)) / perMedium);
  }
  const ratio = median(ratios);
  // LINEAR_TIME_REPORT=1 prints every ratio (to read the margin under load).
  if (process.env.LINEAR_TIME_REPORT === '1') console.log(`ratio ${ratio.toFixed(1)}`);
  return ratio;
}

// Inputs that make backtracking patterns re-read the text from every position: a prefix repeated
// without ever completing a match, separators without values, runs without their terminator.
const FAMILIES: Record<string, Shape> = {
  'JWT-ish eyJ-': 'eyJ-',
  'JWT-ish eyJa.': 'eyJa.',
  'JWT-ish: dots, then one eyJ at the end': (n) => `${'a.'.repeat(n / 2 - 2)}eyJ`,
  'URL-ish: slashes, then one @ at the end': (n) => `a://${'x/:'.repeat(n / 3 - 2)}@`,
  'key-ish: one long key, no separator': (n) => `${'a'.repeat(n - 1)}=`,
  'URL-ish a://': 'a://',
  'userinfo x:x:x…@': 'x:',
  'userinfo @@@': 'a://x@',
  'posix path /a/a/a': '/a',
  'path after @': '@a/',
  'path after +': ' +a/',
  'path with dots': '/a.',
  'node_modules/ repeated': 'node_modules/',
  'windows path C:\\a\\a': 'C:\\a',
  'windows UNC \\\\a.': '\\\\a.',
  'home ~/': '~/',
  'file:// repeated': 'file://',
  'Bearer aaaa…': 'Bearer a',
  'Bearer Bearer …': 'Bearer ',
  'password= repeated': 'password=',
  'password: repeated': 'password: ',
  'password:" unterminated': 'password:"',
  'Authorization: a" unterminated': 'Authorization: a"',
  'Cookie: a=1; repeated': 'Cookie: a=1; ',
  'key repeated without separator': 'token',
  'key = value pairs': 'a=b ',
  'query ?key= repeated': '?key=',
  'percent-encoded %3D': 'token%3D',
  'escaped \\n repeated': '\\n',
  'whitespace runs': ' \t\n',
  'letters only': 'abcdefghij',
  'digits only': '0123456789',
  'dots only': '.',
  'sk- repeated': 'sk-',
  'AKIA repeated': 'AKIA',
  'ghp_ repeated': 'ghp_',
  'SG. repeated': 'SG.',
  '-----BEGIN repeated': '-----BEGIN ',
  'private key without END': '-----BEGIN PRIVATE KEY-----\n-----END ',
  'Azure secret-ish abc1Q~': 'abc1Q~',
  'Telegram-ish 123456789:': '123456789:',
  'homoglyph key pаssword': 'pаssword',
  'command-line flags': '--a ',
  'slack webhook prefix': 'hooks.slack.com/services/',
  // Inputs that are all secrets: the output is rebuilt around every one of them.
  'many pw=a': 'pw=a ',
  'many token=x&': 'token=x&',
  'many AKIA keys': 'AKIAAAAAAAAAAAAAAAAA ',
  'many JWTs': 'eyJaaaa.bbbb.c ',
  'many userinfo tokens': 'a://x@',
  'many cookies': 'Cookie: a ',
  'many flags': '--password x ',
  'many home paths': '/home/a/b ',
};

describe('redaction time is linear in the input', () => {
  // sanitizeMessage runs every rule: it redacts (redactString), masks paths and cuts. The limit is
  // as long as the text, so that all of it is read.
  it.each(Object.entries(FAMILIES))(
    '%s',
    (name, shape) => {
      const ratio = growth(shape, (text) => sanitizeMessage(text, { maxLength: text.length }));
      expect(ratio, `${name}: 200 KB / 20 KB`).toBeLessThanOrEqual(MAX_RATIO);
    },
    120_000,
  );
});

describe('each token format pattern is linear in the input', () => {
  // The attack on a prefix pattern: the prefix and one character of its body, repeated, so that
  // every attempt starts and fails. (The prefixes repeated alone are among the families above.)
  // One pattern at a time is cheap to read, so a tenfold step from 10 KB to 100 KB shows the
  // growth as well as the whole-rule families' 20 KB to 200 KB does.
  it.each(SECRET_FORMATS.map((format, i) => [SECRET_FORMAT_NAMES[i], format] as const))(
    '%s',
    (name, format) => {
      const pattern = formatPattern(format);
      const prefix = format.hints?.[0] ?? /^[\w/-]*/.exec(format.source)?.[0] ?? '';
      const countMatches = (text: string): number => {
        let count = 0;
        pattern.lastIndex = 0;
        for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) count++;
        return count;
      };
      const ratio = growth(`${prefix}0`, countMatches, {
        small: 1_000,
        medium: 10_000,
        large: 100_000,
      });
      expect(ratio, `${name} on ${prefix}0…`).toBeLessThanOrEqual(MAX_RATIO);
    },
  );
});

describe('the MCP SDK prefix is read in linear time', () => {
  // Every leading `MCP error N: ` is read by one pattern: white space between prefixes and
  // prefixes repeated without end must not make it re-read the text.
  const PREFIX_FAMILIES: Record<string, Shape> = {
    'prefix, then white space without end': (n) => `MCP error 1:${' '.repeat(n - 12)}`,
    'prefixes repeated': 'MCP error -32001: ',
    'prefixes with white space between': 'MCP error 1: \t ',
    'prefix without its colon, repeated': (n) => `MCP error 1: ${'MCP error 2 '.repeat(n / 12)}`,
  };
  it.each(Object.entries(PREFIX_FAMILIES))('%s', (name, shape) => {
    const ratio = growth(shape, (text) => readMcpErrorPrefix(text));
    expect(ratio, `${name}: 200 KB / 20 KB`).toBeLessThanOrEqual(MAX_RATIO);
  });

  it('strips them all and keeps the first code', () => {
    const text = `${'MCP error -32001:  '.repeat(50_000)}MCP error -32602 x`;
    expect(readMcpErrorPrefix(text)).toEqual({ code: -32001, rest: 'MCP error -32602 x' });
  });
});

describe('the harness tells quadratic from linear', () => {
  // Work quadratic in the input, kept small enough to time: (n / 32)^2 reads, with a
  // result that depends on every one of them so none can be skipped.
  const quadratic = (text: string): number => {
    const steps = text.length >> 5;
    let sum = 0;
    for (let i = 0; i < steps; i++) {
      for (let j = 0; j < steps; j++) sum = (sum + text.charCodeAt((i * 131 + j) & 1023)) | 0;
    }
    return sum;
  };

  it('a quadratic function measures above MAX_RATIO', () => {
    const ratio = growth(
      'abcdefghij',
      quadratic,
      { small: 1_000, medium: 10_000, large: 100_000 },
      false,
    );
    expect(ratio).toBeGreaterThan(MAX_RATIO);
  }, 120_000);
});
