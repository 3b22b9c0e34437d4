// Node's printed form of an error whose cause is plain data, not an error: `util.inspect` writes
// `[cause]: {` when the constructor set the cause (`new Error(message, { cause })`, which makes it
// non-enumerable) and `cause: {` when it was assigned. Both are the same error; both must read so.
import { inspect } from 'node:util';
import { GitbeakerRequestError } from '@gitbeaker/rest';
import { describe, expect, it } from 'vitest';
import { decode } from 'agent-errors';
import { runCli } from '../../cli/main.js';
import { printedLoggedError } from './printed.js';

/** Gitbeaker's error for a 429, as its `throwFailedRequestError` builds it over the response. */
function gitbeaker429(): Error {
  return new GitbeakerRequestError('Retry later', {
    cause: {
      description: 'Retry later',
      request: new Request('http://127.0.0.1/api/v4/projects/1'),
      response: new Response('Retry later', { status: 429, headers: { 'retry-after': '7' } }),
    },
  });
}

/** The same error with its cause non-enumerable, as `Error`'s own constructor leaves it. */
function withConstructorCause(error: Error): Error {
  Object.defineProperty(error, 'cause', { enumerable: false });
  return error;
}

async function explained(text: string) {
  let out = '';
  const io = { stdout: { write: (t: string) => (out += t) }, stderr: { write: () => true } };
  expect(await runCli(['explain', '--json', '--', text], io)).toBe(0);
  return JSON.parse(out) as { category: string; retryable: boolean; retryAfterMs?: number };
}

describe('a printed error whose cause is an object', () => {
  it.each([
    ['cause: {', (e: Error) => e],
    ['[cause]: {', withConstructorCause],
  ])('reads the members under `%s`', async (opening, shape) => {
    const error = shape(gitbeaker429());
    const text = inspect(error);
    expect(text).toContain(`  ${opening}\n`);
    const cause = printedLoggedError(text)?.error.cause as Record<string, unknown> | undefined;
    expect(cause?.description).toBe('Retry later');
    const want = decode(error);
    expect(want).toMatchObject({ category: 'rate_limit', retryable: true, retryAfterMs: 7000 });
    expect(await explained(text)).toMatchObject({
      category: want.category,
      retryable: want.retryable,
      retryAfterMs: want.retryAfterMs,
    });
  });
});
