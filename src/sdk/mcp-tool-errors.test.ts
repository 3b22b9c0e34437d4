import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { ProtocolError } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { AgentError } from '../core/agent-error.js';
import { catchToolErrors } from './mcp-tool-errors.js';
import type { McpToolErrorResult } from './mcp-tool-errors.js';

// Every way a handler can answer (a value, a promise, a foreign thenable; at once or later)
// crossed with every way out of `catchToolErrors`: the value, a failed result, the SDKs' URL
// elicitation request passed through, and `check` refusing the value at once or later.

const value = { content: [{ type: 'text', text: 'done' }] };
const failure = AgentError.rateLimited('Search is busy', {
  retryAfterMs: 2000,
  captureStack: false,
});
const answered: McpToolErrorResult = {
  isError: true,
  content: [{ type: 'text', text: 'answered' }],
  _meta: {},
};

/** A thenable that is not a native promise, as some libraries return. */
const thenable = (settle: (ok: (v: unknown) => void, no: (e: unknown) => void) => void) => ({
  then(ok: (v: unknown) => void, no: (e: unknown) => void) {
    settle(ok, no);
  },
});

const RETURNS = {
  'a value': (v: unknown) => () => v,
  'a resolved promise': (v: unknown) => () => Promise.resolve(v),
  'a promise resolved later': (v: unknown) => () =>
    new Promise((resolve) => setImmediate(() => resolve(v))),
  'a thenable': (v: unknown) => () => thenable((ok) => ok(v)),
};
const THROWS = {
  'a throw': (e: unknown) => () => {
    throw e;
  },
  'a rejected promise': (e: unknown) => () => Promise.reject(e),
  'an async function that throws': (e: unknown) => async () => {
    await null;
    throw e;
  },
  'a thenable that rejects': (e: unknown) => () => thenable((_, no) => no(e)),
};
const ELICITATIONS = {
  'SDK v1 McpError -32042': () => new McpError(-32042, 'Open this URL to sign in'),
  'SDK v2 ProtocolError -32042': () => new ProtocolError(-32042, 'Open this URL to sign in'),
};
const CHECKS = {
  'refuses at once': () => Promise.reject(new Error('output refused')),
  'refuses later': () =>
    new Promise<never>((_, reject) => setImmediate(() => reject(new Error('output refused')))),
};

describe('catchToolErrors: every form a handler answers in, every way out', () => {
  for (const [form, make] of Object.entries(RETURNS)) {
    it(`${form}: passed on as it is, \`this\` and arguments kept`, async () => {
      let seen: unknown[] = [];
      const handler = function (this: unknown, ...args: unknown[]) {
        seen = [this, ...args];
        return make(value)();
      };
      const run = catchToolErrors(handler, () => answered);
      const self = { tool: 'search' };
      const result = run.call(self, { query: 'mcp' }, { signal: 'extra' });
      expect(result).toBeInstanceOf(Promise);
      expect(await result).toBe(value);
      expect(seen).toEqual([self, { query: 'mcp' }, { signal: 'extra' }]);
    });

    for (const [refusal, check] of Object.entries(CHECKS)) {
      it(`${form}, then a check that ${refusal}: a failed result with the refusal`, async () => {
        const caught: unknown[] = [];
        const run = catchToolErrors(make(value), (error) => (caught.push(error), answered), check);
        expect(await run()).toBe(answered);
        expect(caught).toHaveLength(1);
        expect((caught[0] as Error).message).toBe('output refused');
      });
    }

    it(`${form}, then a check that passes: the value`, async () => {
      const run = catchToolErrors(
        make(value),
        () => answered,
        () => Promise.resolve('fine'),
      );
      expect(await run()).toBe(value);
    });
  }

  for (const [form, make] of Object.entries(THROWS)) {
    it(`${form}: a failed result, given what was thrown`, async () => {
      const caught: unknown[] = [];
      const run = catchToolErrors(make(failure), (error) => (caught.push(error), answered));
      const result = run();
      expect(result).toBeInstanceOf(Promise);
      expect(await result).toBe(answered);
      expect(caught).toEqual([failure]);
    });

    for (const [sdk, elicitation] of Object.entries(ELICITATIONS)) {
      it(`${form} of the ${sdk}: passed through as a rejection`, async () => {
        const request = elicitation();
        const run = catchToolErrors(make(request), () => answered);
        await expect(run()).rejects.toBe(request);
      });
    }
  }
});
