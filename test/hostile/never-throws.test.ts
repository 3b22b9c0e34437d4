// "Never throws", for real: every function documented so is run against hostile values —
// Proxies (throwing traps, revoked, function targets), throwing getters, forged brands, cyclic
// causes, AggregateErrors with cycles and repeated members, sparse arrays of length 2^32 − 1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AS_AGENT_ERROR,
  decode,
  deserializeError,
  encode,
  isAgentError,
  redactString,
  sanitizeMessage,
  serializeError,
  toAgentError,
  toExposableError,
  toJsonSafe,
  tryDecode,
} from 'agent-errors';
import { PROTOCOLS } from 'agent-errors';
import { codecFor } from 'agent-errors/jsonrpc';
import { parseToolErrorText, reviveToolError } from 'agent-errors/tool';
import { toLogFields } from 'agent-errors/otel';

const BRAND = Symbol.for('agent-errors.AgentError');
const MAX_LENGTH = 2 ** 32 - 1;

const boom = (): never => {
  throw new Error('trap');
};

/** A Proxy whose every trap throws, over `target`. */
function throwingProxy(target: object): object {
  return new Proxy(target, {
    get: boom,
    has: boom,
    ownKeys: boom,
    getOwnPropertyDescriptor: boom,
    getPrototypeOf: boom,
    apply: boom,
    construct: boom,
    defineProperty: boom,
    set: boom,
    deleteProperty: boom,
    isExtensible: boom,
    preventExtensions: boom,
    setPrototypeOf: boom,
  });
}

function revoked(target: object): object {
  const { proxy, revoke } = Proxy.revocable(target, {});
  revoke();
  return proxy;
}

/** An object whose `keys` are getters that throw (or answer differently on each read). */
function withGetters(base: object, keys: string[], mode: 'throw' | 'flip'): object {
  // An error formats its stack lazily from its message: format it before the getters go in.
  if (base instanceof Error) void base.stack;
  for (const key of keys) {
    let reads = 0;
    Object.defineProperty(base, key, {
      enumerable: true,
      configurable: true,
      get() {
        if (mode === 'throw') throw new Error(`getter ${key}`);
        reads++;
        return reads === 1 ? 'harmless' : { deep: reads, token: 'sk-live-0123456789abcdef' };
      },
    });
  }
  return base;
}

function sparse(fill?: unknown): unknown[] {
  const a: unknown[] = [];
  a.length = MAX_LENGTH;
  if (fill !== undefined) {
    a[3] = fill;
    a[MAX_LENGTH - 1] = fill;
  }
  return a;
}

function cyclicCause(): Error {
  const a = new Error('a');
  const b = new Error('b', { cause: a });
  (a as { cause?: unknown }).cause = b;
  return a;
}

function aggregateCycle(): AggregateError {
  const agg = new AggregateError([], 'self');
  (agg as { errors: unknown[] }).errors = [agg, agg, new Error('x'), agg];
  return agg;
}

/** Aggregates of aggregates, each member repeated: 2^depth paths without identity checks. */
function aggregateTower(depth: number): AggregateError {
  let level = new AggregateError([new Error('leaf'), new Error('leaf2')], 'level 0');
  for (let i = 1; i <= depth; i++) level = new AggregateError([level, level, level], `level ${i}`);
  return level;
}

const FIELD_NAMES = [
  'name',
  'message',
  'code',
  'category',
  'retryable',
  'details',
  'cause',
  'errors',
  'stack',
  'toJSON',
  'wire',
  'data',
  'error',
  'status',
  'headers',
  'content',
  'isError',
];

/**
 * Hostile values, each built fresh by a thunk (fast-check inspects what it generates, and a
 * revoked Proxy throws at the first look).
 */
const hostile: fc.Arbitrary<() => unknown> = fc.oneof(
  fc.constantFrom<() => unknown>(
    () => throwingProxy({}),
    () => throwingProxy([]),
    () => throwingProxy(() => {}),
    () => throwingProxy(function named() {}),
    () => throwingProxy(new Error('x')),
    () => revoked({}),
    () => revoked(() => {}),
    () => revoked(new Error('x')),
    () => revoked([]),
    () => cyclicCause(),
    () => aggregateCycle(),
    () => aggregateTower(40),
    () => new AggregateError(new Array(5_000).fill(new Error('same')), 'dupes'),
    () =>
      Object.assign(new AggregateError([], 'sparse members'), {
        errors: sparse(new Error('far')),
      }),
    () => sparse(),
    () => sparse({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'x' } }),
    () => ({
      jsonrpc: '2.0',
      id: 1,
      result: { isError: true, content: sparse({ type: 'text', text: 'x' }) },
    }),
    () => ({ isError: true, content: sparse() }),
    () => ({ code: -32000, message: 'x', data: sparse('y') }),
    () => ({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32000, message: 'x', data: throwingProxy({}) },
    }),
    () => ({ code: -32603, message: 'x', data: throwingProxy({ agentError: { code: 'X' } }) }),
    () => new Error('sparse details', { cause: { list: sparse(1) } }),
    () => ({ [BRAND]: true }),
    () => ({
      [BRAND]: true,
      message: 42,
      code: {},
      category: 'bogus',
      details: throwingProxy({}),
    }),
    () => withGetters({ [BRAND]: true }, FIELD_NAMES, 'throw'),
    () => throwingProxy({ [BRAND]: true }),
    () => ({ [AS_AGENT_ERROR]: boom }),
    () => ({ [AS_AGENT_ERROR]: () => throwingProxy({}) }),
    () => ({ [AS_AGENT_ERROR]: () => ({ [BRAND]: true, message: 1 }) }),
    () => ({
      message: 'm',
      code: 'RATE_LIMITED',
      category: 'rate_limit',
      retryable: true,
      details: throwingProxy({}),
    }),
    () => ({
      message: 'm',
      code: 'X',
      category: 'internal',
      retryable: false,
      retryAfterMs: Infinity,
    }),
    () => ({ toJSON: boom }),
    () => Object.assign(new Error('x'), { details: { toJSON: boom } }),
  ),
  fc
    .tuple(
      fc.subarray(FIELD_NAMES, { minLength: 1 }),
      fc.constantFrom('throw', 'flip'),
      fc.boolean(),
    )
    .map(
      ([keys, mode, error]) =>
        () =>
          withGetters(error ? new Error('getters') : {}, keys, mode),
    ),
  fc
    .anything({ withBigInt: true, withNullPrototype: true, withMap: true, withSet: true })
    .map((v) => () => v),
);

const CTX = {
  method: 'm',
  id: 1,
  reportUnexpected: () => 'id-1',
  report: () => {},
};

/** Each documented "never throws" function, with a check of what it returned. */
const SUBJECTS: [string, (value: unknown) => void][] = [
  ['toAgentError', (v) => expect(isAgentError(toAgentError(v))).toBe(true)],
  ['decode', (v) => expect(isAgentError(decode(v))).toBe(true)],
  ...PROTOCOLS.map((p): [string, (value: unknown) => void] => [
    `decode({ protocol: ${p} })`,
    (v) => expect(isAgentError(decode(v, { protocol: p }))).toBe(true),
  ]),
  ['tryDecode', (v) => void tryDecode(v)],
  ['toExposableError', (v) => expect(typeof toExposableError(v).message).toBe('string')],
  ['serializeError', (v) => expect(typeof JSON.stringify(serializeError(v))).toBe('string')],
  ['toJsonSafe', (v) => void JSON.stringify(toJsonSafe(v))],
  ['deserializeError', (v) => expect(isAgentError(deserializeError(v))).toBe(true)],
  ['isAgentError', (v) => expect(typeof isAgentError(v)).toBe('boolean')],
  ['parseToolErrorText', (v) => void parseToolErrorText(v)],
  ['reviveToolError', (v) => void reviveToolError(v)],
  ['toLogFields', (v) => void JSON.stringify(toLogFields(v))],
  ...PROTOCOLS.map((p): [string, (value: unknown) => void] => [
    `encode(${p})`,
    (v) => void JSON.stringify(encode(v, p)),
  ]),
  ['encode(mcp, toolResult)', (v) => void JSON.stringify(encode(v, 'mcp', { as: 'toolResult' }))],
  ...(['jsonrpc', 'acp', 'mcp', 'lsp', 'a2a'] as const).map(
    (p): [string, (value: unknown) => void] => [
      `codecFor(${p}).encode`,
      (v) => void JSON.stringify(codecFor(p).encode(v, CTX)),
    ],
  ),
];

describe('never throws, for hostile values', () => {
  for (const [name, run] of SUBJECTS) {
    it(name, () => {
      fc.assert(
        fc.property(hostile, (build) => {
          run(build());
        }),
        { numRuns: 150 },
      );
    });
  }

  it('the string functions, for any string and the hostile ones', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' })),
        (s) => {
          expect(typeof redactString(s)).toBe('string');
          expect(typeof sanitizeMessage(s)).toBe('string');
        },
      ),
    );
  });
});
