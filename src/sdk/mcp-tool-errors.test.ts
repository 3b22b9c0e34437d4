import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { ProtocolError } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { AgentError } from '../core/agent-error.js';
import { catchToolErrors, toolErrorResult, toolErrorWriter } from './mcp-tool-errors.js';
import type { McpToolErrorResult } from './mcp-tool-errors.js';
import { MCP_META_KEYS } from '../dialects/mcp/meta-keys.js';

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

// `toolErrorWriter` remembers the last failure it answered: whatever comes next, what it writes
// must be what `toolErrorResult` writes for that error. Every kind of error crossed with every
// kind before it, under each set of options.
const ERRORS: { [kind: string]: () => unknown } = {
  'a rate limit': () => AgentError.rateLimited('Search is busy', { retryAfterMs: 2000 }),
  'the same rate limit, another delay': () =>
    AgentError.rateLimited('Search is busy', { retryAfterMs: 3000 }),
  'the same rate limit, another message': () =>
    AgentError.rateLimited('Search is busier', { retryAfterMs: 2000 }),
  'the same rate limit, another code': () =>
    AgentError.rateLimited('Search is busy', { retryAfterMs: 2000, code: 'SEARCH_BUSY' }),
  'the same message, not retryable': () =>
    new AgentError('Search is busy', { category: 'rate_limit', retryable: false }),
  'the same message, another category': () => AgentError.unavailable('Search is busy'),
  'a code that is a path': () => AgentError.notFound('gone', { code: '/home/ana/.ssh/id_rsa' }),
  'with details': () => AgentError.validation('bad', { details: { field: 'q' } }),
  'with an errorId': () => AgentError.internal('Internal error', { errorId: 'e-1' }),
  'marked unexpected': () => AgentError.internal('db password=hunter2', { unexpected: true }),
  'a secret in the message': () => AgentError.auth('token sk-abcdefghijklmnopqrstuvwx1234 expired'),
  'a raw Error': () => new Error('boom'),
  'a plain copy': () => ({ ...AgentError.timeout('slow'), message: 'slow' }),
  'a category changed after it was made': () => {
    const e = AgentError.rateLimited('Search is busy', { retryAfterMs: 2000 });
    (e as { category: string }).category = 'bogus';
    return e;
  },
};
const OPTIONS = {
  none: undefined,
  'a subject': { subject: 'search.web' },
  'sanitising rules': { maxLength: 20, maskPaths: true },
};

/** A result with its random errorId (an unexpected error's) set aside. */
function comparable(result: McpToolErrorResult): unknown {
  return JSON.parse(JSON.stringify(result).replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, 'ID'));
}

describe('toolErrorWriter: the last failure remembered, the same result as toolErrorResult', () => {
  for (const [named, options] of Object.entries(OPTIONS)) {
    for (const [first, makeFirst] of Object.entries(ERRORS)) {
      it(`${named}: ${first}, then each kind`, () => {
        const quiet = { ...options, onError: () => {} };
        for (const [, makeNext] of Object.entries(ERRORS)) {
          const write = toolErrorWriter(quiet);
          for (const make of [makeFirst, makeFirst, makeNext, makeNext, makeFirst]) {
            // Two copies made alike: the writer reads one, toolErrorResult the other.
            expect(comparable(write(make()))).toEqual(comparable(toolErrorResult(make(), quiet)));
          }
        }
      });
    }
  }
});

it('toolErrorWriter: a field whose getter answers differently at each read is read once; the text and _meta say the same', () => {
  const write = toolErrorWriter(undefined);
  for (let call = 0; call < 3; call++) {
    const e = AgentError.rateLimited('Search is busy', { retryAfterMs: 2000 });
    let reads = 0;
    Object.defineProperty(e, 'retryAfterMs', { get: () => 1000 * (1 + reads++) });
    const result = write(e);
    const delay = result._meta[MCP_META_KEYS.error]!.retryAfterMs;
    expect(reads).toBe(1);
    expect(delay).toBe(1000);
    expect(result.content[0].text).toContain(`retryAfterMs=${String(delay)}]`);
  }
});
