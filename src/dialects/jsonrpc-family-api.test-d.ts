import { describe, expectTypeOf, it } from 'vitest';
import type { AgentError } from '../index.js';
import type { A2aEncodeOptions } from './a2a/index.js';

import type { ErrorResponse, Result } from './acp/index.js';
import type {
  ErrorResponse as SdkErrorResponse,
  Result as SdkResult,
} from '@agentclientprotocol/sdk';
import { RequestError } from './acp/index.js';
import { toRequestError, toSdkRequestError } from '../entries/acp.js';
import type { JsonRpcErrorObject, JsonRpcErrorResponse } from './jsonrpc/index.js';

import type { ResponseErrorJson } from './lsp/index.js';
import { ResponseError } from './lsp/index.js';
import type { McpErrorReason } from './mcp/index.js';
import { McpError, isMcpError } from './mcp/index.js';
import { decodeA2aError, encodeA2aError } from './a2a/convert.js';
import { decodeAcpError } from './acp/decode.js';
import { decodeJsonRpcError } from './jsonrpc/decode.js';
import { encodeJsonRpcErrorResponse } from './jsonrpc/encode.js';
import { encodeLspError } from './lsp/convert.js';
import { decodeMcpError } from './mcp/decode.js';

describe('public API types', () => {
  it('decoders take unknown and return AgentError', () => {
    expectTypeOf(decodeJsonRpcError).parameter(0).toBeUnknown();
    expectTypeOf(decodeJsonRpcError).returns.toEqualTypeOf<AgentError>();
    expectTypeOf(decodeAcpError).returns.toEqualTypeOf<AgentError>();
    expectTypeOf(decodeMcpError).returns.toEqualTypeOf<AgentError>();
    expectTypeOf(decodeA2aError).returns.toEqualTypeOf<AgentError>();
  });

  it('encoders return wire shapes', () => {
    expectTypeOf(encodeJsonRpcErrorResponse).returns.toEqualTypeOf<JsonRpcErrorResponse>();
    expectTypeOf<JsonRpcErrorResponse['id']>().toEqualTypeOf<string | number | null>();
    expectTypeOf(encodeLspError).returns.toEqualTypeOf<ResponseErrorJson>();
    expectTypeOf(encodeA2aError).parameter(1).toEqualTypeOf<A2aEncodeOptions | undefined>();
    expectTypeOf<A2aEncodeOptions['version']>().toEqualTypeOf<'1.0' | '0.3' | undefined>();
    expectTypeOf<JsonRpcErrorObject>().toHaveProperty('code').toEqualTypeOf<number>();
  });

  it('RequestError has the seed signatures', () => {
    expectTypeOf<typeof RequestError.parseError>().parameters.toEqualTypeOf<
      Parameters<(data?: unknown, additionalMessage?: string) => void>
    >();
    expectTypeOf<typeof RequestError.methodNotFound>().parameters.toEqualTypeOf<[method: string]>();
    expectTypeOf<typeof RequestError.resourceNotFound>().parameters.toEqualTypeOf<
      Parameters<(uri?: string) => void>
    >();
    expectTypeOf(RequestError.authRequired()).toEqualTypeOf<RequestError>();
    expectTypeOf(RequestError.authRequired().toResult<string>()).toEqualTypeOf<Result<string>>();
    expectTypeOf(RequestError.authRequired().toErrorResponse()).toEqualTypeOf<ErrorResponse>();
    // The seed's type names, as agentclientprotocol/typescript-sdk defines them (src/core/jsonrpc.ts).
    expectTypeOf<ErrorResponse>().toEqualTypeOf<SdkErrorResponse>();
    expectTypeOf<Result<string>>().toEqualTypeOf<SdkResult<string>>();
    expectTypeOf(toRequestError).returns.toEqualTypeOf<RequestError>();
    class Sdk {
      constructor(
        readonly code: number,
        readonly message: string,
        readonly data?: unknown,
      ) {}
    }
    expectTypeOf(toSdkRequestError({}, Sdk)).toEqualTypeOf<Sdk>();
  });

  it('McpError has the Hermes shape', () => {
    const e = McpError.parseError();
    expectTypeOf(e.code).toEqualTypeOf<number>();
    expectTypeOf(e.reason).toEqualTypeOf<McpErrorReason>();
    expectTypeOf(e.data).toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf(e.toTuple()).toEqualTypeOf<['error', McpError]>();
    const reason: McpErrorReason = 'connection_refused';
    expectTypeOf(reason).toExtend<string>();
    const value: unknown = e;
    if (isMcpError(value)) expectTypeOf(value.reason).toBeString();
  });

  it('ResponseError is generic in its data', () => {
    expectTypeOf(new ResponseError(1, 'x', { a: 1 }).data).toEqualTypeOf<
      { a: number } | undefined
    >();
  });
});
