import { describe, expectTypeOf, it } from 'vitest';
import { AgentError } from '../core/agent-error.js';
import type { RpcErrorObject } from '../dialects/jsonrpc/rpc-error.js';
import type { CallToolErrorResult } from '../dialects/mcp/call-tool-result.js';
import type { ErrorPayload, JobErrorEnvelope } from '../dialects/arcp/index.js';
import type { EncodeOptions } from './encode.js';
import { encode } from './encode.js';

describe('encode return types', () => {
  const err = AgentError.auth('log in');
  it('gives the single form the options choose', () => {
    expectTypeOf(encode(err, 'acp')).toEqualTypeOf<RpcErrorObject>();
    expectTypeOf(encode(err, 'mcp')).toEqualTypeOf<RpcErrorObject>();
    expectTypeOf(
      encode(err, 'mcp', { onError: (_e, id) => void id }),
    ).toEqualTypeOf<RpcErrorObject>();
    expectTypeOf(encode(err, 'mcp', { as: 'toolResult' })).toEqualTypeOf<CallToolErrorResult>();
    expectTypeOf(encode(err, 'arcp')).toEqualTypeOf<ErrorPayload>();
    expectTypeOf(encode(err, 'arcp', { envelope: 'job.error' })).toEqualTypeOf<JobErrorEnvelope>();
    expectTypeOf(encode(err, 'tool')).toEqualTypeOf<string>();
  });
  it('gives the union when the choice is made at run time', () => {
    const options: EncodeOptions = {};
    expectTypeOf(encode(err, 'mcp', options)).toEqualTypeOf<RpcErrorObject | CallToolErrorResult>();
  });
});
