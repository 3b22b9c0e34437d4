import type { AgentError, AgentErrorLike } from '../../core/agent-error.js';
import {
  decodeRpcError,
  encodeRpcError,
  exposableError,
  rpcMessage,
  needsWireHints,
  readRpcErrorObject,
  wireHintsOf,
} from '../jsonrpc/rpc-error.js';
import type {
  RpcClassification,
  RpcEncodeOptions,
  RpcErrorObject,
  WireHints,
} from '../jsonrpc/rpc-error.js';
import { readHubFields } from '../../core/lenient-options.js';
import { toJsonSafe } from '../../core/serialize.js';
import { A2A_CODE_TABLE, A2A_ERROR_NAMES } from './codes.js';
import type { A2aErrorName } from './codes.js';
import { A2A_ERROR_DOMAIN, AGENT_ERROR_DETAIL_TYPE } from './error-info.js';
import {
  ERROR_INFO_TYPE,
  RETRY_INFO_TYPE,
  detailIn,
  errorInfoIn,
  formatRetryDelay,
  parseRetryDelay,
  typedEntries,
} from '../google-rpc/google-rpc.js';
import type { TypedDetail } from '../google-rpc/google-rpc.js';
import { codeTable } from '../../core/code-table.js';
import { wireDetails } from '../../core/unexpected.js';
import { UNKNOWN_RPC_CODE, rpcClassification } from '../jsonrpc/rpc-code-table.js';
import { describeValue } from '../../core/is.js';

const NAMES = codeTable(A2A_ERROR_NAMES as Readonly<Record<number, A2aErrorName>>);

/**
 * How A2A reads an error code: -32001 → `not_found`, -32002 → `conflict`, -32003/-32004/
 * -32007/-32008/-32009 → `protocol`, -32005 → `validation`, -32006 → `internal`; our code is
 * the `ErrorInfo` reason (`'TASK_NOT_FOUND'`).
 *
 * @example
 * classifyA2aError(-32002); // { category: 'conflict', code: 'TASK_NOT_CANCELABLE', retryable: false }
 */
export function classifyA2aError(code: number): RpcClassification {
  return A2A_CODE_TABLE.classify(code) ?? UNKNOWN_RPC_CODE;
}

function hintsFromDetail(detail: TypedDetail | undefined): Partial<WireHints> | undefined {
  return detail ? readHubFields(detail) : undefined;
}

/**
 * Decode an A2A error into an {@link AgentError}: a JSON-RPC error object or response, or an
 * `@a2a-js/sdk` JSON-RPC error (`envelopeCode`/`data`). Reads both data forms: v0.3's free-form
 * object (hints under `data.agentError`) and v1.0's array of `google.rpc.ErrorInfo`-style
 * details (`RetryInfo.retryDelay` becomes `retryAfterMs`). Throws a `TypeError` naming the
 * field when `value` is none of these.
 *
 * @example
 * decodeA2aError({ code: -32001, message: 'Task not found' }).category; // 'not_found'
 */
export function decodeA2aError(value: unknown): AgentError {
  return a2aFromRpc(
    readRpcErrorObject(sdkEnvelope(value) ?? value, 'decodeA2aError'),
    value instanceof Error ? value : undefined,
  );
}

/**
 * The {@link AgentError} for an error object already read (`{ code, message, data? }`), with
 * `cause` the instance it came from, if any. Internal: `decode` reaches it without re-reading.
 */
export function a2aFromRpc(error: RpcErrorObject, cause?: unknown): AgentError {
  const classification = classifyA2aError(error.code);
  if (!Array.isArray(error.data)) {
    return decodeRpcError('a2a', error, classification, cause);
  }
  const entries = typedEntries(error.data);
  const ours = detailIn(entries, AGENT_ERROR_DETAIL_TYPE);
  const hints = hintsFromDetail(ours) ?? {};
  const retryDelay = parseRetryDelay(detailIn(entries, RETRY_INFO_TYPE)?.retryDelay);
  if (hints.retryAfterMs === undefined && retryDelay !== undefined) hints.retryAfterMs = retryDelay;
  const info = errorInfoIn(entries);
  let details: Record<string, unknown> | undefined;
  if (ours && ours.details !== null && typeof ours.details === 'object') {
    details = ours.details as Record<string, unknown>;
  } else if (info?.metadata) {
    details = { ...info.metadata };
  }
  const named: RpcClassification =
    info && info.domain === A2A_ERROR_DOMAIN && !NAMES.has(error.code)
      ? rpcClassification(classification.category, info.reason, classification.retryable)
      : classification;
  return decodeRpcError('a2a', error, named, cause, details ?? null, hints);
}

/**
 * `@a2a-js/sdk`'s errors as the JSON-RPC error object that SDK would send: its JSON-RPC errors
 * keep the wire code in `envelopeCode`; its semantic errors (`TaskNotFoundError`, …) carry only
 * an `ErrorInfo` reason, which names the code.
 */
function sdkEnvelope(value: unknown): RpcErrorObject | undefined {
  if (!(value instanceof Error)) return undefined;
  const v = value as Error & {
    envelopeCode?: unknown;
    data?: unknown;
    reason?: unknown;
    toErrorInfo?: unknown;
  };
  if (Number.isInteger(v.envelopeCode)) {
    const code = v.envelopeCode as number;
    return v.data === undefined
      ? { code, message: v.message }
      : { code, message: v.message, data: v.data };
  }
  if (typeof v.reason === 'string' && typeof v.toErrorInfo === 'function') {
    const info: unknown = (v.toErrorInfo as () => unknown).call(v);
    return {
      code: A2A_CODE_TABLE.wireFor({ code: v.reason, category: 'internal' }),
      message: v.message,
      data: [info],
    };
  }
  return undefined;
}

/**
 * The A2A code for an {@link AgentError}: by our code where it is an A2A reason, else by category, else -32603.
 *
 * @example
 * a2aCodeFor(AgentError.conflict('already done')); // -32002
 */
export function a2aCodeFor(error: AgentErrorLike): number {
  return A2A_CODE_TABLE.wireFor(error);
}

/** Options for encoding an error for A2A. */
export interface A2aEncodeOptions extends RpcEncodeOptions {
  /**
   * `'1.0'` (default): `data` is an array of details, `google.rpc.ErrorInfo` first, as
   * `@a2a-js/sdk` 1.x sends; `'0.3'`: `data` is a free-form object.
   */
  version?: '1.0' | '0.3';
}

/**
 * Encode an error for an A2A peer as `{ code, message, data? }`. In the v1.0 form `data` is
 * `[ErrorInfo{ reason, domain: 'a2a-protocol.org' }, RetryInfo?, { '@type':
 * 'type.agent-errors.dev/AgentError', code, category, retryable, retryAfterMs?, details? }?]`
 * (the last only when the code cannot carry our fields or there are details); in the v0.3
 * form it is `{ ...details, agentError? }`. An error decoded from A2A goes back as received;
 * anything unexpected goes out as `Internal error` with a random `errorId`.
 *
 * @example
 * encodeA2aError(AgentError.notFound('No task 42', { code: 'TASK_NOT_FOUND' }));
 * // { code: -32001, message: 'No task 42', data: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'TASK_NOT_FOUND', domain: 'a2a-protocol.org' }] }
 */
export function encodeA2aError(error: unknown, options?: A2aEncodeOptions): RpcErrorObject {
  const version = options?.version ?? '1.0';
  if (version !== '1.0' && version !== '0.3') {
    throw new TypeError(
      `encodeA2aError: options.version must be '1.0' or '0.3'; received ${describeValue(version)}`,
    );
  }
  const e = exposableError(sdkEnvelope(error) ? decodeA2aError(error) : error, options);
  const code = a2aCodeFor(e);
  if (version === '0.3' || (e.wire?.protocol === 'a2a' && typeof e.wire.code === 'number')) {
    return encodeRpcError('a2a', e, code, classifyA2aError, options);
  }
  const data: Record<string, unknown>[] = [
    {
      '@type': ERROR_INFO_TYPE,
      reason: NAMES.get(code)?.reason ?? e.code,
      domain: A2A_ERROR_DOMAIN,
    },
  ];
  if (e.retryAfterMs !== undefined) {
    data.push({ '@type': RETRY_INFO_TYPE, retryDelay: formatRetryDelay(e.retryAfterMs) });
  }
  const hints = needsWireHints(e, classifyA2aError(code));
  const details = wireDetails(e);
  if (hints || details !== undefined) {
    data.push({
      '@type': AGENT_ERROR_DETAIL_TYPE,
      ...(hints ? wireHintsOf(e) : {}),
      ...(details !== undefined ? { details } : {}),
    });
  }
  return { code, message: rpcMessage(e.message, options), data: toJsonSafe(data, options) };
}
