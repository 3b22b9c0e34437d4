// What `agent-errors explain --json` says of pasted text, set against what `decode` says of the
// error itself, for the printed-form files (test/explain-pasted-6.test.ts, -7): the reading both
// give (category, retryability, wait), and a family's score printed when FRESH_SCORE is set.
import { afterAll } from 'vitest';
import { decode } from 'agent-errors';
import { runCli } from '../../src/cli/main.js';

/** What a reading says: the category, whether to retry, and after how long. */
export interface Reading {
  readonly category: string;
  readonly retryable: boolean;
  readonly retryAfterMs?: number | undefined;
}

/** What `explain` said, with its `Recognised` words. */
export type Explained = Reading & { form: string };

// The same text is often printed by several forms (`String(err)` and the stack's head): read once.
const explainedTexts = new Map<string, Promise<Explained>>();

/** What `explain --json` says of `text`, and its form in words; no error found reads as `none`. */
export function explainJson(text: string): Promise<Explained> {
  let explained = explainedTexts.get(text);
  if (explained === undefined) explainedTexts.set(text, (explained = explainOnce(text)));
  return explained;
}

async function explainOnce(text: string): Promise<Explained> {
  let out = '';
  const io = { stdout: { write: (t: string) => (out += t) }, stderr: { write: () => true } };
  const code = await runCli(['explain', '--json', '--', text], io);
  if (code !== 0) return { category: 'none', retryable: false, form: 'no error found' };
  const r = JSON.parse(out) as Reading & { recognised: { form: string } };
  return {
    category: r.category,
    retryable: r.retryable,
    retryAfterMs: r.retryAfterMs,
    form: r.recognised.form,
  };
}

/** What `decode` says of the error itself. */
export function readingOf(error: unknown): Reading {
  const d = decode(error);
  return { category: d.category, retryable: d.retryable, retryAfterMs: d.retryAfterMs };
}

/** Whether two readings agree on category, retryability and wait. */
export const same = (a: Reading, b: Reading): boolean =>
  a.category === b.category && a.retryable === b.retryable && a.retryAfterMs === b.retryAfterMs;

/** A reading in a few words: `rate_limit/retry/3000`. */
export const words = (r: Reading): string =>
  `${r.category}/${r.retryable ? 'retry' : 'no'}${r.retryAfterMs === undefined ? '' : `/${r.retryAfterMs}`}`;

/** A family's score, printed after the file when FRESH_SCORE is set. */
export function score(family: string): { cases: number; right: number; wrong: string[] } {
  const s = { cases: 0, right: 0, wrong: [] as string[] };
  afterAll(() => {
    if (!process.env.FRESH_SCORE) return;
    process.stdout.write(
      `fresh cases:\n  ${family.padEnd(22)} ${String(s.right).padStart(4)}/${s.cases} right\n` +
        s.wrong.map((w) => `      wrong: ${w}\n`).join(''),
    );
  });
  return s;
}
