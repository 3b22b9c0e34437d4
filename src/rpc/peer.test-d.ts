import { expectTypeOf, test } from 'vitest';
import { z } from 'zod';
import { createHandler, createPeer, defineMethod, codecFor } from './index.js';
import type { JsonRpcErrorObject } from '../dialects/jsonrpc/error-object.js';
import type { ErrorCodec, Handler, Peer, RequestContext, Transport } from './index.js';

declare const transport: Transport;

test('createPeer and its methods', () => {
  const peer = createPeer({ transport, protocol: 'mcp', timeoutMs: 1_000 });
  expectTypeOf(peer).toEqualTypeOf<Peer>();
  expectTypeOf(peer.start()).toEqualTypeOf<() => void>();
  expectTypeOf(peer.request<{ ok: true }>('m', {})).toEqualTypeOf<Promise<{ ok: true }>>();
  expectTypeOf(peer.notify('n')).toEqualTypeOf<Promise<void>>();
  expectTypeOf(peer.method('x', () => 1)).toEqualTypeOf<() => void>();
  // @ts-expect-error protocol must be one the peer knows
  createPeer({ transport, protocol: 'smtp' });
});

test('defineMethod types params from the schema', () => {
  const add = defineMethod(z.object({ a: z.number(), b: z.number() }), (params, ctx) => {
    expectTypeOf(params).toEqualTypeOf<{ a: number; b: number }>();
    expectTypeOf(ctx).toEqualTypeOf<RequestContext>();
    return params.a + params.b;
  });
  expectTypeOf(createHandler({ methods: { add } })).toEqualTypeOf<Handler>();
});

test('ErrorCodec', () => {
  const codec = codecFor('lsp');
  expectTypeOf(codec).toEqualTypeOf<ErrorCodec>();
  expectTypeOf<ReturnType<ErrorCodec['encode']>>().toEqualTypeOf<JsonRpcErrorObject>();
  expectTypeOf<ReturnType<ErrorCodec['decode']>>().toEqualTypeOf<Error>();
});
