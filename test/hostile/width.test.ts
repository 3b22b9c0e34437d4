// Bounded walks by width: `maxKeys` applies before any copy of an object's keys. A proxy that
// counts every trap it is asked stands for a 30,000-key object; the work each walk does on it
// must stay within a small multiple of what it writes, not grow with the object's width.
import { describe, expect, it } from 'vitest';
import { AgentError, PROTOCOLS, decode, encode, serializeError, toJsonSafe } from 'agent-errors';
import { createHandler } from 'agent-errors/jsonrpc';
import { ROADS } from '../helpers/roads.js';

const WIDTH = 30_000;

/** A `WIDTH`-key object behind a proxy that counts the traps it is asked, all kinds together. */
function countingWide(base: object = {}): { value: Record<string, unknown>; traps: () => number } {
  const target = base as Record<string, unknown>;
  for (let i = 0; i < WIDTH; i++) target[`k${i}`] = i;
  let traps = 0;
  const handler = new Proxy(
    {},
    {
      get:
        (_, name: string) =>
        (...args: unknown[]) => {
          traps++;
          return (Reflect[name as keyof typeof Reflect] as (...a: unknown[]) => unknown)(...args);
        },
    },
  );
  return { value: new Proxy(target, handler), traps: () => traps };
}

describe('walks bounded by maxKeys, whatever the width', () => {
  const ways: Record<
    string,
    { maxKeys: number; walk: (wide: Record<string, unknown>) => unknown }
  > = {
    'toJsonSafe, default maxKeys (100)': { maxKeys: 100, walk: (w) => toJsonSafe(w) },
    'toJsonSafe, maxKeys 10': { maxKeys: 10, walk: (w) => toJsonSafe(w, { maxKeys: 10 }) },
    'toJsonSafe, nested in details': { maxKeys: 100, walk: (w) => toJsonSafe({ details: w }) },
    'serializeError of an AgentError with wide details': {
      maxKeys: 100,
      walk: (w) => serializeError(AgentError.validation('bad', { details: { w } })),
    },
    'decode (the reader view)': { maxKeys: 100, walk: (w) => decode(w) },
  };
  it.each(Object.keys(ways))('%s', (name) => {
    const { maxKeys, walk } = ways[name] as (typeof ways)[string];
    const { value, traps } = countingWide();
    const out = walk(value);
    expect(out).toBeDefined();
    expect(traps(), name).toBeLessThanOrEqual(10 * maxKeys);
  });

  it('serializeError of an Error that is itself wide', () => {
    const { value, traps } = countingWide(new Error('wide'));
    const out = serializeError(value);
    expect(out.message).toBe('wide');
    expect(out['…']).toMatch(/more keys/);
    expect(traps()).toBeLessThanOrEqual(10 * 100);
  });

  // Wide details of an error meant to be sent, through every encoder and road (an unexpected
  // error's details never leave). One `ownKeys` of a 30,000-key proxy costs V8 a few hundred
  // milliseconds whatever the walk does, so each way is asked once.
  const encoders: [string, (error: unknown) => unknown][] = [
    ...PROTOCOLS.map((p): [string, (error: unknown) => unknown] => [
      `encode ${p}`,
      (e) => JSON.stringify(encode(e, p, { onError: () => {} })),
    ]),
    [
      'encode mcp toolResult',
      (e) => JSON.stringify(encode(e, 'mcp', { as: 'toolResult', onError: () => {} })),
    ],
    ...ROADS.map((road): [string, (error: unknown) => unknown] => [
      road.name,
      (e) => road.send(e, { onError: () => {} }),
    ]),
  ];
  it.each(encoders.map(([way]) => way))('an AgentError with wide details, %s', async (way) => {
    const send = (encoders.find(([w]) => w === way) as [string, (e: unknown) => unknown])[1];
    const { value, traps } = countingWide();
    await send(AgentError.validation('bad', { details: value }));
    expect(traps()).toBeLessThanOrEqual(10 * 100);
  });

  it('createHandler, every JSON-RPC protocol', async () => {
    for (const protocol of ['jsonrpc', 'acp', 'mcp', 'lsp', 'a2a'] as const) {
      const { value, traps } = countingWide();
      const handler = createHandler({
        protocol,
        methods: {
          fail: () => {
            throw AgentError.validation('bad', { details: value });
          },
        },
        onError: () => {},
      });
      await handler.handle('{"jsonrpc":"2.0","id":1,"method":"fail"}');
      expect(traps(), protocol).toBeLessThanOrEqual(10 * 100);
    }
  });

  it('still says how many keys were left out', () => {
    const wide: Record<string, number> = {};
    for (let i = 0; i < 250; i++) wide[`k${i}`] = i;
    const out = toJsonSafe(
      Object.create(Object.create(null), Object.getOwnPropertyDescriptors(wide)),
    );
    expect(Object.keys(out as object)).toHaveLength(101);
    expect((out as Record<string, unknown>)['…']).toBe('[150 more keys]');
  });
});
