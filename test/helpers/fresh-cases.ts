// The fresh-case harness of test/world-fresh.test.ts: each family is a list of cases, each case
// builds one error with a real client library and says what a careful client makes of it. A
// case runs as one test (`it.fails` for a known miss, with the reason in its `miss`), and every
// outcome is counted per family so the run prints the score a reviewer would measure.
import { inspect } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { decode } from 'agent-errors';
import { runCli } from '../../src/cli/main.js';

/** What a careful client makes of an error. */
export interface Careful {
  readonly category: string;
  readonly retryable: boolean;
  /** The documented wait, in ms, where the service sends one. */
  readonly retryAfterMs?: number | undefined;
  /** What to run again, for a retryable database error (`details.retryScope`). */
  readonly scope?: 'transaction' | 'commit' | 'operation' | undefined;
}

/** A careful reading that does not retry. */
export const no = (category: string): Careful => ({ category, retryable: false });
/** A careful reading that retries, after the service's documented wait when it gives one. */
export const wait = (category: string, retryAfterMs?: number): Careful => ({
  category,
  retryable: true,
  ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
});

/** One fresh case: a label, the error built by the real library, the careful reading. */
export interface FreshCase {
  readonly label: string;
  readonly build: () => Promise<unknown>;
  readonly careful: Careful;
  /** Set when the case is a known miss: what is missing (the test is `it.fails`). */
  readonly miss?: string;
}

/** One case: what it walks, how the error is built, the careful reading, a known miss. */
export const freshCase = (
  label: string,
  build: () => Promise<unknown>,
  careful: Careful,
  miss?: string,
): FreshCase => ({ label, build, careful, ...(miss === undefined ? {} : { miss }) });

/** What `decode(error)` says, in the terms of {@link Careful}: only the members `careful` names. */
export function reading(error: unknown, careful: Careful): Careful {
  const d = decode(error);
  return {
    category: d.category,
    retryable: d.retryable,
    ...('retryAfterMs' in careful ? { retryAfterMs: d.retryAfterMs } : {}),
    ...('scope' in careful
      ? { scope: d.details?.retryScope as 'transaction' | 'commit' | 'operation' | undefined }
      : {}),
  };
}

/**
 * A family's score, printed after its file's tests when FRESH_SCORE is set. Registered per call,
 * not once at import: files that share a worker's module cache import this module once.
 */
function scored(family: string): { cases: number; right: number; wrong: string[] } {
  const score = { cases: 0, right: 0, wrong: [] as string[] };
  afterAll(() => {
    if (!process.env.FRESH_SCORE) return;
    const line =
      `  ${family.padEnd(14)} ${String(score.right).padStart(3)}/${String(score.cases).padEnd(3)} right` +
      (score.wrong.length > 0 ? `\n${score.wrong.map((w) => `      wrong: ${w}`).join('\n')}` : '');
    process.stdout.write(`fresh cases:\n${line}\n`);
  });
  return score;
}

/**
 * The cases of `family` as tests, scored. `read` turns the built error into a reading (the
 * decoder by default; the CLI's explain for printed forms).
 */
export function freshCases(
  family: string,
  cases: readonly FreshCase[],
  read: (error: unknown, careful: Careful) => Careful | Promise<Careful> = reading,
): void {
  const score = scored(family);
  for (const c of cases) {
    const run = async (): Promise<void> => {
      score.cases += 1;
      const got = await read(await c.build(), c.careful);
      const right = JSON.stringify(got) === JSON.stringify(c.careful);
      if (right) score.right += 1;
      else score.wrong.push(`${c.label}: ${JSON.stringify(got)}`);
      expect(got).toEqual(c.careful);
    };
    if (c.miss === undefined) it(c.label, run, 30_000);
    else it.fails(`${c.label} (known miss: ${c.miss})`, run, 30_000);
  }
}

/** What `promise` rejected with; it must reject. */
export async function rejected(
  promise: Promise<unknown> | (() => Promise<unknown>),
): Promise<unknown> {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

/**
 * What `agent-errors explain --json` says of `String(error)`, the printed form people paste, in
 * the terms of {@link Careful}; an explain that finds no error reads as category `none`.
 */
export async function explained(error: unknown, careful: Careful): Promise<Careful> {
  let out = '';
  const io = { stdout: { write: (t: string) => (out += t) }, stderr: { write: () => true } };
  const code = await runCli(['explain', '--json', String(error)], io);
  if (code !== 0) return { category: 'none', retryable: false };
  const report = JSON.parse(out) as { category: string; retryable: boolean; retryAfterMs?: number };
  return {
    category: report.category,
    retryable: report.retryable,
    ...('retryAfterMs' in careful ? { retryAfterMs: report.retryAfterMs } : {}),
  };
}

/** The ways people paste an error: `String(err)`, a log line (`util.inspect`), a stack trace. */
export const PRINTED_FORMS = ['String', 'inspect', 'stack'] as const;
/** One of {@link PRINTED_FORMS}. */
export type PrintedForm = (typeof PRINTED_FORMS)[number];

/** The text `form` of `error` prints. */
export function printedText(error: unknown, form: PrintedForm): string {
  if (form === 'String') return String(error);
  if (form === 'inspect') return inspect(error);
  const stack = (error as { stack?: unknown } | null)?.stack;
  return typeof stack === 'string' ? stack : String(error);
}

/** One error class's case: the error built by its library, and the forms it misses known. */
export interface PrintedCase {
  readonly label: string;
  readonly build: () => unknown;
  /** A known miss per printed form: what is missing (the test is `it.fails`). */
  readonly miss?: Partial<Record<PrintedForm, string>>;
}

/**
 * Each case's error in each printed form, read by `explain`, against what `decode` says of the
 * error itself (category and retryability): one test per case and form, scored per family.
 */
export function printedCases(family: string, cases: readonly PrintedCase[]): void {
  const score = scored(family);
  for (const c of cases) {
    let built: Promise<unknown> | undefined;
    const error = () => (built ??= Promise.resolve().then(c.build));
    for (const form of PRINTED_FORMS) {
      const run = async (): Promise<void> => {
        score.cases += 1;
        const instance = await error();
        const d = decode(instance);
        const careful: Careful = { category: d.category, retryable: d.retryable };
        const got = await explainedText(printedText(instance, form));
        const right = JSON.stringify(got) === JSON.stringify(careful);
        if (right) score.right += 1;
        else score.wrong.push(`${c.label} [${form}]: ${JSON.stringify(got)} not ${d.category}`);
        expect(got).toEqual(careful);
      };
      const miss = c.miss?.[form];
      if (miss === undefined) it(`${c.label} [${form}]`, run, 30_000);
      else it.fails(`${c.label} [${form}] (known miss: ${miss})`, run, 30_000);
    }
  }
}

/** What `agent-errors explain --json` says of `text`; no error found reads as category `none`. */
export async function explainedText(text: string): Promise<Careful> {
  let out = '';
  const io = { stdout: { write: (t: string) => (out += t) }, stderr: { write: () => true } };
  const code = await runCli(['explain', '--json', '--', text], io);
  if (code !== 0) return { category: 'none', retryable: false };
  const report = JSON.parse(out) as { category: string; retryable: boolean };
  return { category: report.category, retryable: report.retryable };
}
