// Check-then-use: data that answers one thing when it is checked and another when it is read
// again must not get its second answer onto the wire. What an encoder returns is read once more
// by whoever calls JSON.stringify on it, so nothing the caller's objects hold may be handed
// back as it is: an accessor on an array index, a proxy whose descriptor trap lies, a getter.
import { describe, expect, it } from 'vitest';
import { AgentError, PROTOCOLS, encode, serializeError, toJsonSafe } from 'agent-errors';

const SECRET = 'sk-live-PLANTEDsecret0123456789abcdef';
const LEAK = `password=${SECRET}`;

/** A value that reads `harmless` the first time and the secret every time after. */
function twoFaced(): () => string {
  let reads = 0;
  return () => (++reads === 1 ? 'harmless' : LEAK);
}

const SHAPES: [string, () => unknown][] = [
  [
    'an accessor on an array index',
    () => {
      const list = ['x'];
      Object.defineProperty(list, 0, { enumerable: true, get: twoFaced() });
      return { list };
    },
  ],
  [
    'a getter on an object',
    () => {
      const value = {};
      Object.defineProperty(value, 'note', { enumerable: true, get: twoFaced() });
      return { value };
    },
  ],
  [
    'a proxy whose descriptor trap reports a harmless value',
    () => ({
      value: new Proxy(
        { note: 'x' },
        {
          get: (target, key): unknown => (key === 'note' ? LEAK : Reflect.get(target, key)),
          getOwnPropertyDescriptor: () => ({
            value: 'harmless',
            writable: true,
            enumerable: true,
            configurable: true,
          }),
        },
      ),
    }),
  ],
  [
    'a proxy of an array that answers twice',
    () => {
      const next = twoFaced();
      return {
        list: new Proxy(['x'], {
          get: (target, key): unknown => (key === '0' ? next() : Reflect.get(target, key)),
        }),
      };
    },
  ],
];

/** Every way the package hands data out, as the bytes a transport would carry. */
function everyWayOut(make: () => unknown): [string, () => string][] {
  const ways: [string, () => string][] = [
    ['toJsonSafe', () => JSON.stringify(toJsonSafe(make()))],
    [
      'JSON.stringify(agentError)',
      () =>
        JSON.stringify(
          AgentError.validation('bad', { details: make() as Record<string, unknown> }),
        ),
    ],
    [
      'serializeError',
      () =>
        JSON.stringify(
          serializeError(
            AgentError.validation('bad', { details: make() as Record<string, unknown> }),
          ),
        ),
    ],
  ];
  for (const protocol of PROTOCOLS) {
    ways.push([
      `encode(…, '${protocol}')`,
      () => {
        const wire: unknown = encode(
          AgentError.validation('bad', { details: make() as Record<string, unknown> }),
          protocol,
        );
        return typeof wire === 'string' ? wire : JSON.stringify(wire);
      },
    ]);
  }
  return ways;
}

describe.each(SHAPES)('%s', (_name, make) => {
  it.each(everyWayOut(make))('%s sends what was checked, not a second answer', (_way, send) => {
    const bytes = send();
    // A proxy's get trap is read once, like any value: its answer is redacted like any value.
    expect(bytes).not.toContain('PLANTED');
  });
});

describe('what the serialiser reads, and how much', () => {
  it("an error's wire fields are read once: a getter that changes its answer ships nothing", () => {
    let reads = 0;
    const error = Object.assign(new Error('b'), {
      wire: {
        code: 1,
        message: 'm',
        get protocol(): unknown {
          return reads++ === 0 ? 'jsonrpc' : { note: LEAK };
        },
      },
    });
    for (const bytes of [
      JSON.stringify(serializeError(error)),
      JSON.stringify(toJsonSafe({ error })),
      JSON.stringify(encode(AgentError.validation('bad', { details: { error } }), 'mcp')),
    ]) {
      expect(bytes).not.toContain('PLANTED');
    }
  });

  it('a Map is redacted by key, as an object is', () => {
    const bytes = JSON.stringify(toJsonSafe({ m: new Map([['password', 'hunter2hunter2']]) }));
    expect(bytes).not.toContain('hunter2');
    expect(bytes).toContain('[REDACTED]');
  });

  it('a toJSON that calls back in is bounded, not a crash', () => {
    const value: { toJSON?: () => unknown } = {};
    value.toJSON = () => toJsonSafe(value);
    expect(JSON.stringify(toJsonSafe({ value }))).toContain('[MaxDepth]');
    const error = new Error('x') as Error & { data?: unknown };
    error.data = { toJSON: () => serializeError(error) };
    expect(JSON.stringify(serializeError(error))).toContain('[MaxDepth]');
  });

  it('clean data is sent whole: the node budget counts objects, not every number', () => {
    const rows = Array.from({ length: 60 }, () => Array.from({ length: 100 }, (_, j) => j));
    expect(toJsonSafe({ rows })).toEqual({ rows });
  });

  it('many copies of a long string cost a bounded read, not one redaction each', () => {
    const long = 'x'.repeat(1_000_000);
    const out = JSON.stringify(toJsonSafe({ a: Array.from({ length: 40 }, () => [long, long]) }));
    // Bounded by MAX_CHARS (4 million characters): a handful of full reads, then markers.
    expect(out.match(/\[Truncated\]/g)?.length).toBeGreaterThan(70);
  });
});

describe('wide objects (cloned, then made safe in place)', () => {
  const wide = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
    ...Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`field_${i}`, `value ${i}`])),
    ...extra,
  });

  it('are redacted by key and by value, symbols dropped, order kept', () => {
    const input = wide({ password: 'hunter2hunter2', note: `see ${LEAK}`, count: 3 });
    (input as Record<symbol, unknown>)[Symbol('hidden')] = LEAK;
    const out = toJsonSafe(input) as Record<string, unknown>;
    const bytes = JSON.stringify(out);
    expect(bytes).not.toContain('PLANTED');
    expect(bytes).not.toContain('hunter2');
    expect(Object.getOwnPropertySymbols(out)).toEqual([]);
    expect(Object.keys(out)).toEqual(Object.keys(input));
    expect(out.count).toBe(3);
  });

  it('a getter runs once, and a proxy that lists other keys the second time ships nothing unread', () => {
    let reads = 0;
    const getter = wide();
    Object.defineProperty(getter, 'late', {
      enumerable: true,
      get: () => (reads++ === 0 ? 'harmless' : LEAK),
    });
    expect(JSON.stringify(toJsonSafe(getter))).not.toContain('PLANTED');
    expect(reads).toBe(1);
    let listed = 0;
    // Unwalked, the BigInt would make JSON.stringify throw; walked, it is written '1n'.
    const target = wide({ extra: { note: LEAK, n: 1n } });
    const shifty = new Proxy(target, {
      ownKeys: (t) =>
        listed++ === 0 ? Reflect.ownKeys(t).filter((k) => k !== 'extra') : Reflect.ownKeys(t),
    });
    const shipped = JSON.stringify(toJsonSafe(shifty));
    expect(shipped).not.toContain('PLANTED');
    expect(shipped).toContain('"n":"1n"');
  });

  it('a key that is itself a secret leaves under its redacted name; past maxKeys it is cut', () => {
    const out = JSON.stringify(toJsonSafe(wide({ [SECRET]: 1 })));
    expect(out).not.toContain('PLANTED');
    const many = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`k${i}`, i]));
    expect(JSON.stringify(toJsonSafe(many))).toContain('more keys');
  });
});
