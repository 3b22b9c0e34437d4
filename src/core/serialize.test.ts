import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AgentError } from './agent-error.js';
// The root entry's deserializeError: what is no serialised AgentError is read by the full decoder.
import { deserializeError } from '../helpers/deserialize.js';
import { MARKERS, serializeError, toJsonSafe } from './serialize.js';

function deep(levels: number): Record<string, unknown> {
  let node: Record<string, unknown> = { leaf: true };
  for (let i = 0; i < levels; i++) node = { next: node };
  return node;
}

describe('serializeError', () => {
  it('writes AgentError fields, then other own properties, without stack or cause by default for stacks', () => {
    const err = AgentError.notFound('no channel', {
      code: 'CHANNEL_NOT_FOUND',
      details: { channel: 'general' },
      wire: { protocol: 'acp', code: -32002, message: 'Resource not found', data: { uri: 'x' } },
    });
    expect(serializeError(err)).toEqual({
      name: 'AgentError',
      message: 'no channel',
      code: 'CHANNEL_NOT_FOUND',
      category: 'not_found',
      retryable: false,
      details: { channel: 'general' },
      wire: { protocol: 'acp', code: -32002, message: 'Resource not found', data: { uri: 'x' } },
    });
    expect(serializeError(err, { includeStack: true }).stack).toBe(err.stack);
  });

  it('marks cycles, BigInt, symbols, functions, throwing getters and throwing toJSON', () => {
    const details: Record<string, unknown> = {
      big: 10n,
      sym: Symbol('s'),
      fn: function named() {},
      nan: Number.NaN,
      date: new Date(0),
      map: new Map([['k', 1]]),
      set: new Set([1]),
      bytes: new Uint8Array(4),
      bad: {
        toJSON() {
          throw new Error('nope');
        },
      },
    };
    details.self = details;
    Object.defineProperty(details, 'getter', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    const out = serializeError(new AgentError('x', { category: 'internal', details }));
    expect(out.details).toEqual({
      big: '10n',
      sym: 'Symbol(s)',
      fn: '[Function named]',
      nan: 'NaN',
      date: '1970-01-01T00:00:00.000Z',
      map: [['k', 1]],
      set: [1],
      bytes: '[Uint8Array 4 bytes]',
      bad: MARKERS.toJsonThrew,
      self: MARKERS.circular,
      getter: MARKERS.getterThrew,
    });
  });

  it('bounds cause chains, cycles in them, and AggregateError.errors', () => {
    let err: Error = new Error('root');
    for (let i = 0; i < 20; i++) err = new Error(`level ${i}`, { cause: err });
    let depth = 0;
    let node: unknown = serializeError(err, { cause: true });
    while (node && typeof node === 'object' && 'cause' in node) {
      node = node.cause;
      depth++;
    }
    // Five causes are written; the sixth step reaches the marker.
    expect(depth).toBe(6);
    expect(node).toBe(MARKERS.maxCauseDepth);

    const a = new Error('a');
    const b = new Error('b', { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect(serializeError(a, { cause: true })).toEqual({
      name: 'Error',
      message: 'a',
      cause: { name: 'Error', message: 'b', cause: MARKERS.circular },
    });

    const agg = new AggregateError(
      Array.from({ length: 150 }, (_, i) => new Error(`e${i}`)),
      'many',
    );
    const out = serializeError(agg, { cause: true });
    expect(out.errors).toHaveLength(101);
    expect(out.errors?.[100]).toBe('[50 more errors]');
    // By default (and in toJSON), no cause and no aggregate members: they were not meant to be sent.
    expect(serializeError(err).cause).toBeUndefined();
    expect(serializeError(agg).errors).toBeUndefined();
    expect(JSON.parse(JSON.stringify(AgentError.internal('x', { cause: err })))).not.toHaveProperty(
      'cause',
    );
    expect(serializeError(err, { includeCause: false }).cause).toBeUndefined();
  });

  it('cuts long strings, wide objects and long arrays and says how much', () => {
    const out = serializeError(
      new AgentError('m'.repeat(20_000), {
        category: 'internal',
        details: {
          list: Array.from({ length: 200 }, (_, i) => i),
          wide: Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`k${i}`, i])),
        },
      }),
    );
    expect(out.message).toBe(`${'m'.repeat(10_000)}…[10000 more characters]`);
    expect((out.details?.list as unknown[]).at(-1)).toBe('[100 more items]');
    expect((out.details?.wide as Record<string, unknown>)['…']).toBe('[50 more keys]');
  });

  it('redacts by key at any depth, keeping counts under token-ish keys', () => {
    const out = serializeError(
      new AgentError('x', {
        category: 'auth',
        details: {
          password: 'hunter2',
          nested: [
            {
              deeper: { 'X-Api-Key': 'abc', Authorization: 'Basic Zm9vOmJhcg==', cookie: 'sid=1' },
            },
          ],
          clientSecret: { any: 'thing' },
          max_tokens: 1024,
          sessionId: 'sess_123',
        },
      }),
    );
    expect(out.details).toEqual({
      password: '[REDACTED]',
      nested: [
        {
          deeper: { 'X-Api-Key': '[REDACTED]', Authorization: '[REDACTED]', cookie: '[REDACTED]' },
        },
      ],
      clientSecret: '[REDACTED]',
      max_tokens: 1024,
      sessionId: 'sess_123',
    });
  });

  it('redacts by value pattern inside text and honours extra rules', () => {
    const message = [
      'Bearer abc.def-ghi',
      'key sk-ant-api03-abcdefghijklmnop',
      'gh ghp_abcdefghijklmnopqrstuvwxyz0123',
      'aws AKIAIOSFODNN7EXAMPLE',
      'jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig_nature-x',
      'slack xoxb-1234-5678-abcdef',
      'url https://ada:s3cret@example.test/x',
      'password=hunter22',
    ].join(' | ');
    expect(serializeError(new Error(message)).message).toBe(
      'Bearer [REDACTED] | key [REDACTED] | gh [REDACTED] | aws [REDACTED] | jwt [REDACTED] | slack [REDACTED] | url https://ada:[REDACTED]@example.test/x | password=[REDACTED]',
    );
    expect(serializeError(new Error('task-12345678 is fine')).message).toBe(
      'task-12345678 is fine',
    );
    const custom = serializeError(
      new AgentError('order ORD-99-SECRET', {
        category: 'internal',
        details: { ssnish: 'a', internalRef: 'b' },
      }),
      {
        redactKeys: ['internalRef'],
        redactPatterns: [/ORD-\d+-[A-Z]+/g],
      },
    );
    expect(custom.message).toBe('order [REDACTED]');
    expect(custom.details).toEqual({ ssnish: 'a', internalRef: '[REDACTED]' });
    expect(serializeError(new Error('Bearer abcdefgh'), { redact: false }).message).toBe(
      'Bearer abcdefgh',
    );
  });

  it('serialises primitives and hostile values without throwing', () => {
    expect(serializeError('boom')).toEqual({ name: 'NonError', message: 'boom' });
    expect(serializeError(undefined)).toEqual({ name: 'NonError', message: 'undefined' });
    const proxy = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
        ownKeys() {
          throw new Error('trap');
        },
      },
    );
    expect(() => JSON.stringify(serializeError(proxy))).not.toThrow();
  });

  it('rejects bad bounds with a TypeError naming the option', () => {
    expect(() => serializeError(new Error('x'), { maxDepth: -1 })).toThrow(
      /maxDepth must be a number >= 0/,
    );
  });
});

describe('deserializeError', () => {
  it('rebuilds an AgentError and its cause chain from JSON', () => {
    const original = AgentError.unavailable('upstream down', {
      code: 'UPSTREAM_DOWN',
      retryAfterMs: 300,
      details: { host: 'api' },
      cause: AgentError.timeout('connect timed out'),
      wire: { protocol: 'http', code: 503, message: 'Service Unavailable' },
    });
    const back = deserializeError(
      JSON.parse(JSON.stringify(serializeError(original, { cause: true }))),
    );
    expect(back).toBeInstanceOf(AgentError);
    expect(back).toMatchObject({
      message: 'upstream down',
      code: 'UPSTREAM_DOWN',
      category: 'unavailable',
      retryable: true,
      retryAfterMs: 300,
      details: { host: 'api' },
      wire: { protocol: 'http', code: 503 },
    });
    expect(back.cause).toBeInstanceOf(AgentError);
    expect(back.cause).toMatchObject({ category: 'timeout', message: 'connect timed out' });
  });

  it('classifies what is not a serialised AgentError, and drops malformed fields', () => {
    expect(deserializeError({ name: 'Error', message: 'x', code: 'ENOENT' }).category).toBe(
      'not_found',
    );
    expect(
      deserializeError({
        message: 'x',
        category: 'auth',
        retryAfterMs: -5,
        wire: { protocol: 'smtp' },
      }),
    ).toMatchObject({ category: 'auth', code: 'AUTH_ERROR' });
    expect(deserializeError('just text').message).toBe('just text');
    expect(deserializeError(null).category).toBe('internal');
  });
});

describe('properties', () => {
  const anyValue = fc.anything({
    withBigInt: true,
    withBoxedValues: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withNullPrototype: true,
    withObjectString: true,
    withSparseArray: true,
    withTypedArray: true,
    withUnicodeString: true,
  });

  it('never throws and always survives JSON.stringify, for arbitrary values and cycles', () => {
    fc.assert(
      fc.property(anyValue, fc.boolean(), (value, cyclic) => {
        if (cyclic && value !== null && typeof value === 'object' && Object.isExtensible(value)) {
          try {
            (value as Record<string, unknown>).self = value;
          } catch {
            // frozen or exotic: keep it acyclic
          }
        }
        const asDetails = new AgentError('x', { category: 'internal', details: { value } });
        for (const input of [value, asDetails, new Error('e', { cause: value })]) {
          const out = serializeError(input);
          const text = JSON.stringify(out);
          expect(typeof text).toBe('string');
          // Plain JSON data: a parse and a second stringify give back the same text.
          expect(JSON.stringify(JSON.parse(text))).toBe(text);
        }
        expect(() => JSON.stringify(toJsonSafe(value))).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  it('handles 100,000-level nesting and multi-megabyte strings within bounds', () => {
    const nested = deep(100_000);
    const hugeText = 'x'.repeat(5 * 1024 * 1024);
    const out = serializeError(
      new AgentError(hugeText, { category: 'internal', details: { nested, hugeText } }),
    );
    const text = JSON.stringify(out);
    expect(text.length).toBeLessThan(100_000);
    expect(text).toContain(MARKERS.maxDepth);
    let chain: Error = new Error('bottom');
    for (let i = 0; i < 100_000; i++) chain = new Error('up', { cause: chain });
    expect(JSON.stringify(serializeError(chain)).length).toBeLessThan(10_000);
    const arr: unknown[] = [];
    let cur = arr;
    for (let i = 0; i < 100_000; i++) {
      const next: unknown[] = [];
      cur.push(next);
      cur = next;
    }
    expect(() => JSON.stringify(toJsonSafe(arr))).not.toThrow();
  });

  const SENSITIVE_KEYS = [
    'password',
    'passwd',
    'passphrase',
    'secret',
    'client_secret',
    'token',
    'accessToken',
    'refresh_token',
    'apiKey',
    'api_key',
    'X-Api-Key',
    'authorization',
    'Authorization',
    'cookie',
    'Set-Cookie',
    'privateKey',
    'private_key',
    'credential',
    'credentials',
    'auth',
    'pwd',
  ];
  const alnum = fc.string({
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'),
    minLength: 24,
    maxLength: 40,
  });
  const upperDigits = fc.string({
    unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'),
    minLength: 16,
    maxLength: 16,
  });
  const b64url = fc.string({
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-'),
    minLength: 10,
    maxLength: 30,
  });
  const secretValue = fc.oneof(
    alnum.map((s) => ({ planted: `Bearer ${s}`, secret: s })),
    alnum.map((s) => ({ planted: `sk-${s}`, secret: s })),
    alnum.map((s) => ({ planted: `sk-ant-api03-${s}`, secret: s })),
    alnum.map((s) => ({ planted: `ghp_${s}`, secret: s })),
    upperDigits.map((s) => ({ planted: `AKIA${s}`, secret: s })),
    fc
      .tuple(b64url, b64url, b64url)
      .map(([a, b, c]) => ({ planted: `eyJ${a}.eyJ${b}.${c}`, secret: `${a}.eyJ${b}` })),
    alnum.map((s) => ({ planted: `xoxb-${s}`, secret: s })),
    alnum.map((s) => ({ planted: `https://user:${s}@host.test/`, secret: s })),
    alnum.map((s) => ({
      planted: `-----BEGIN RSA PRIVATE KEY-----\n${s}\n-----END RSA PRIVATE KEY-----`,
      secret: s,
    })),
  );
  const filler = fc.string({ maxLength: 40 }).map((s) => s.replace(/[A-Za-z0-9_]$/, ''));
  const separator = fc.constantFrom(' ', '\n', '"', "'", '(', ': ', '=', ',');

  it('never lets a secret planted under a sensitive key through, at any depth', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SENSITIVE_KEYS),
        alnum,
        fc.integer({ min: 0, max: 6 }),
        (key, secret, depth) => {
          let details: Record<string, unknown> = { [key]: `value-${secret}` };
          for (let i = 0; i < depth; i++)
            details = i % 2 ? { level: details } : { list: [details] };
          const err = new AgentError('x', {
            category: 'auth',
            details,
            cause: new Error('c', { cause: { [key]: secret } }),
          });
          expect(JSON.stringify(serializeError(err))).not.toContain(secret);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never lets a value matching a secret pattern through, wherever it is planted', () => {
    fc.assert(
      fc.property(
        secretValue,
        filler,
        separator,
        filler,
        fc.constantFrom('message', 'details', 'wire', 'cause', 'key', 'array'),
        ({ planted, secret }, before, sep, after, where) => {
          const text = `${before}${sep}${planted}${sep}${after}`;
          const init = { category: 'internal' as const };
          const err =
            where === 'message'
              ? new AgentError(text, init)
              : where === 'details'
                ? new AgentError('x', { ...init, details: { note: text } })
                : where === 'wire'
                  ? new AgentError('x', {
                      ...init,
                      wire: { protocol: 'jsonrpc', code: -32603, message: text, data: { text } },
                    })
                  : where === 'cause'
                    ? new AgentError('x', { ...init, cause: new Error(text) })
                    : where === 'key'
                      ? new AgentError('x', { ...init, details: { [text]: 1 } })
                      : new AgentError('x', { ...init, details: { list: [[text]] } });
          expect(JSON.stringify(serializeError(err))).not.toContain(secret);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('serialisation reads, redacts and cuts safely', () => {
  it('reads a getter once: a value that changes on its second read is not shipped', () => {
    let reads = 0;
    const details = {};
    Object.defineProperty(details, 'note', {
      enumerable: true,
      get: () => (++reads === 1 ? 'harmless' : 'Bearer sk-live-0123456789abcdef0123'),
    });
    const out = JSON.stringify(toJsonSafe(details));
    expect(reads).toBe(1);
    expect(out).toBe('{"note":"harmless"}');
  });

  it('redacts before it cuts: a cut never shows the start of a secret', () => {
    const pem = `-----BEGIN PRIVATE KEY-----\n${'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC'.repeat(40)}\n-----END PRIVATE KEY-----`;
    const text = `${'x'.repeat(50)} ${pem}`;
    const out = toJsonSafe({ text }, { maxStringLength: 200 }) as { text: string };
    expect(out.text).not.toContain('MIIEvQ');
    const key = 'AKIAIOSFODNN7EXAMPLE';
    const cut = toJsonSafe(`${'y'.repeat(95)} ${key}`, { maxStringLength: 110 }) as string;
    expect(cut).not.toContain('AKIAIOSF');
  });

  it('copies own keys only, narrow or wide, and cuts a narrow object at maxKeys', () => {
    const inherited = Object.create({ fromPrototype: 'x' }) as Record<string, unknown>;
    inherited.own = 1;
    expect(toJsonSafe(inherited)).toEqual({ own: 1 });
    // A polluted Object.prototype lends every object an enumerable key: it is never copied.
    Object.defineProperty(Object.prototype, 'polluted', {
      value: 'Bearer sk-live-0123456789abcdef0123',
      enumerable: true,
      writable: true,
      configurable: true,
    });
    try {
      const narrow = { a: 1, b: 'two' };
      const wide = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, i]));
      expect(Object.keys(toJsonSafe(narrow) as object)).toEqual(['a', 'b']);
      expect(Object.keys(toJsonSafe(wide) as object)).toHaveLength(40);
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
    expect(toJsonSafe({ a: 1, b: 2, c: 3, d: 4, e: 5 }, { maxKeys: 2 })).toEqual({
      a: 1,
      b: 2,
      '…': '[3 more keys]',
    });
    expect(toJsonSafe({ 2: 'b', z: 'c', 1: 'a' })).toEqual({ 1: 'a', 2: 'b', z: 'c' });
    expect(Object.keys(toJsonSafe({ 2: 'b', z: 'c', 1: 'a' }) as object)).toEqual(['1', '2', 'z']);
  });

  it('lists the keys of anything but plain data as Object.keys does (review findings)', () => {
    // A prototype that is a proxy whose traps throw is never asked for its keys.
    const behindProxy = Object.create(
      new Proxy(
        {},
        {
          ownKeys: () => {
            throw new Error('no keys');
          },
        },
      ),
    ) as Record<string, unknown>;
    behindProxy.a = 1;
    behindProxy.password = 'hunter2';
    expect(toJsonSafe(behindProxy)).toEqual({ a: 1, password: '[REDACTED]' });
    // A proxy that calls every key its own shows the instance's own keys, not its prototype's.
    function Model(this: { id: number }) {
      this.id = 1;
    }
    (Model.prototype as Record<string, unknown>).secretToken = 'tok-123456789';
    const instance = new (Model as unknown as new () => object)();
    const lying = new Proxy(instance, {
      getOwnPropertyDescriptor(target, key) {
        const value = (target as Record<PropertyKey, unknown>)[key];
        return value === undefined
          ? undefined
          : { value, enumerable: true, configurable: true, writable: true };
      },
    });
    expect(toJsonSafe(lying)).toEqual({ id: 1 });
    // A prototype with many enumerable keys: only the object's own are listed.
    const big = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`p${i}`, i]));
    const child = Object.create(big) as Record<string, unknown>;
    child.a = 1;
    expect(toJsonSafe(child)).toEqual({ a: 1 });
  });

  it('honours allowKeys', () => {
    const error = AgentError.notFound('x', {
      details: { sessionToken: 'abc-123', session: 's-1' },
    });
    expect(serializeError(error, { allowKeys: ['sessionToken'] }).details).toEqual({
      sessionToken: 'abc-123',
      session: '[REDACTED]',
    });
    expect(toJsonSafe({ sessionToken: 'abc-123' }, { allowKeys: ['sessionToken'] })).toEqual({
      sessionToken: 'abc-123',
    });
  });
});
