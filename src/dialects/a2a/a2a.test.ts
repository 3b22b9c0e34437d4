import * as sdk from '@a2a-js/sdk/errors';
import { describe, expect, it } from 'vitest';
import { AgentError } from '../../index.js';
import { A2A_ERROR_CODES } from './index.js';
import { AGENT_ERROR_DETAIL_TYPE } from './error-info.js';
import { ERROR_INFO_TYPE, findErrorInfo, parseRetryDelay } from '../google-rpc/google-rpc.js';
import { a2aErrorName } from './codes.js';
import { decodeA2aError, encodeA2aError } from './convert.js';

// Mapping table row: -32001 not_found / -32002 conflict / -32003, -32004, -32007, -32008, -32009
// protocol / -32005 validation / -32006 internal; plus the five JSON-RPC codes.
const SEMANTIC: [new () => Error, number, string, string][] = [
  [sdk.TaskNotFoundError, -32001, 'TASK_NOT_FOUND', 'not_found'],
  [sdk.TaskNotCancelableError, -32002, 'TASK_NOT_CANCELABLE', 'conflict'],
  [sdk.PushNotificationNotSupportedError, -32003, 'PUSH_NOTIFICATION_NOT_SUPPORTED', 'protocol'],
  [sdk.UnsupportedOperationError, -32004, 'UNSUPPORTED_OPERATION', 'protocol'],
  [sdk.ContentTypeNotSupportedError, -32005, 'CONTENT_TYPE_NOT_SUPPORTED', 'validation'],
  [sdk.InvalidAgentResponseError, -32006, 'INVALID_AGENT_RESPONSE', 'internal'],
  [
    sdk.ExtendedAgentCardNotConfiguredError,
    -32007,
    'EXTENDED_AGENT_CARD_NOT_CONFIGURED',
    'protocol',
  ],
  [sdk.ExtensionSupportRequiredError, -32008, 'EXTENSION_SUPPORT_REQUIRED', 'protocol'],
  [sdk.VersionNotSupportedError, -32009, 'VERSION_NOT_SUPPORTED', 'protocol'],
  [sdk.RequestMalformedError, -32602, 'INVALID_PARAMS', 'validation'],
];

describe('A2A codes', () => {
  it('match @a2a-js/sdk', () => {
    expect(A2A_ERROR_CODES).toMatchObject({
      TaskNotFound: sdk.A2A_ERROR_CODE.TASK_NOT_FOUND,
      TaskNotCancelable: sdk.A2A_ERROR_CODE.TASK_NOT_CANCELABLE,
      PushNotificationNotSupported: sdk.A2A_ERROR_CODE.PUSH_NOTIFICATION_NOT_SUPPORTED,
      UnsupportedOperation: sdk.A2A_ERROR_CODE.UNSUPPORTED_OPERATION,
      ContentTypeNotSupported: sdk.A2A_ERROR_CODE.CONTENT_TYPE_NOT_SUPPORTED,
      InvalidAgentResponse: sdk.A2A_ERROR_CODE.INVALID_AGENT_RESPONSE,
      ExtendedAgentCardNotConfigured: sdk.A2A_ERROR_CODE.EXTENDED_CARD_NOT_CONFIGURED,
      ExtensionSupportRequired: sdk.A2A_ERROR_CODE.EXTENSION_SUPPORT_REQUIRED,
      VersionNotSupported: sdk.A2A_ERROR_CODE.VERSION_NOT_SUPPORTED,
    });
    expect(sdk.ERROR_INFO_TYPE).toBe(ERROR_INFO_TYPE);
  });
});

describe('A2A interop with @a2a-js/sdk', () => {
  it('every SDK error class, turned into a JSON-RPC error by the SDK, decodes to its name and category', () => {
    for (const [Cls, code, reason, category] of SEMANTIC) {
      const wire = sdk.toJsonRpcError(new Cls());
      expect(wire.code).toBe(code);
      const e = decodeA2aError(JSON.parse(JSON.stringify(wire)));
      expect([Cls.name, e.code, e.category]).toEqual([Cls.name, reason, category]);
      expect(a2aErrorName(code)).toBe(Cls.name);
      expect(e.wire).toEqual({ protocol: 'a2a', code, message: wire.message, data: wire.data });
      // Back to the SDK's own form, unchanged.
      expect(encodeA2aError(e)).toStrictEqual(JSON.parse(JSON.stringify(wire)));
      // Its instances decode directly too.
      expect(decodeA2aError(new Cls()).category).toBe(category);
    }
  });

  it('its JSON-RPC transport errors decode (envelope code kept)', () => {
    const got = sdk.fromJsonRpcErrorResponse({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32601, message: 'Method not found' },
    });
    expect(decodeA2aError(got)).toMatchObject({ category: 'protocol', code: 'METHOD_NOT_FOUND' });
    const transport = new sdk.JsonRpcTransportError({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32099, message: 'odd' },
    });
    expect(decodeA2aError(transport)).toMatchObject({ category: 'internal', message: 'odd' });
  });

  it('ours, sent to its client decoder, become the right class (v1.0 and v0.3 forms)', () => {
    for (const [Cls, , reason, category] of SEMANTIC) {
      const ours = new AgentError(`ours: ${reason}`, {
        category: category as never,
        code: reason,
      });
      for (const version of ['1.0', '0.3'] as const) {
        const error = encodeA2aError(ours, { version });
        const theirs = sdk.fromJsonRpcErrorResponse({ jsonrpc: '2.0', id: 7, error } as never);
        expect(theirs).toBeInstanceOf(Cls);
        expect(theirs.message).toBe(`ours: ${reason}`);
        expect(decodeA2aError(theirs)).toMatchObject({ category, code: reason });
      }
    }
  });
});

describe('A2A data forms', () => {
  it('v1.0: ErrorInfo first, RetryInfo for the delay, our detail for what the code cannot carry', () => {
    const e = AgentError.rateLimited('Slow down', {
      retryAfterMs: 1500,
      details: { agent: 'planner', token: 'abc' },
    });
    const wire = encodeA2aError(e);
    expect(wire).toStrictEqual({
      code: -32603,
      message: 'Slow down',
      data: [
        { '@type': ERROR_INFO_TYPE, reason: 'INTERNAL_ERROR', domain: 'a2a-protocol.org' },
        { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '1.5s' },
        {
          '@type': AGENT_ERROR_DETAIL_TYPE,
          code: 'RATE_LIMITED',
          category: 'rate_limit',
          retryable: true,
          retryAfterMs: 1500,
          details: { agent: 'planner', token: '[REDACTED]' },
        },
      ],
    });
    expect(decodeA2aError(wire)).toMatchObject({
      category: 'rate_limit',
      code: 'RATE_LIMITED',
      retryable: true,
      retryAfterMs: 1500,
      details: { agent: 'planner', token: '[REDACTED]' },
    });
  });

  it('v1.0 from a foreign peer: RetryInfo alone gives retryAfterMs; ErrorInfo metadata gives details', () => {
    const e = decodeA2aError({
      code: -32001,
      message: 'Task not found',
      data: [
        {
          '@type': ERROR_INFO_TYPE,
          reason: 'TASK_NOT_FOUND',
          domain: 'a2a-protocol.org',
          metadata: { taskId: 't-1' },
        },
        { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '2s' },
      ],
    });
    expect(e).toMatchObject({
      category: 'not_found',
      retryAfterMs: 2000,
      details: { taskId: 't-1' },
    });
    expect(findErrorInfo([{ '@type': ERROR_INFO_TYPE }])).toBeUndefined();
    expect(parseRetryDelay('soon')).toBeUndefined();
  });

  it('v0.3: free-form object data', () => {
    const wire = encodeA2aError(AgentError.notFound('no task', { details: { taskId: 't' } }), {
      version: '0.3',
    });
    expect(wire).toStrictEqual({
      code: -32001,
      message: 'no task',
      data: {
        taskId: 't',
        agentError: { code: 'NOT_FOUND', category: 'not_found', retryable: false },
      },
    });
    expect(decodeA2aError(wire)).toMatchObject({ code: 'NOT_FOUND', details: { taskId: 't' } });
  });

  it('rejects bad input with a typed error', () => {
    expect(() => encodeA2aError(AgentError.internal('x'), { version: '2' as never })).toThrow(
      /options\.version must be '1\.0' or '0\.3'; received "2"/,
    );
    expect(() => decodeA2aError({ code: -32001 })).toThrow(/decodeA2aError: error\.message/);
  });
});
