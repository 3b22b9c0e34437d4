import { JSONRPC_STANDARD_ROWS, codesByName, rpcCodeTable } from '../jsonrpc/rpc-code-table.js';
import type { RpcCodeRow } from '../jsonrpc/rpc-code-table.js';

/** What A2A calls each code: the error's name, its `google.rpc.ErrorInfo` reason, its default message. */
export interface A2aErrorName {
  readonly name: string;
  readonly reason: string;
  readonly message: string;
}

type A2aRow = RpcCodeRow & { readonly className: string; readonly message: string };

const [parseError, invalidRequest, methodNotFound, invalidParams, internalError] =
  JSONRPC_STANDARD_ROWS;

/**
 * Every code A2A (Agent2Agent) uses over JSON-RPC, read in both directions: JSON-RPC's five and
 * A2A's -32001…-32009. Our code is the `ErrorInfo` reason A2A v1.0 sends; `className` and
 * `message` are the names and default messages of `@a2a-js/sdk`'s error classes. A `protocol`
 * failure is sent as `UnsupportedOperation`, not as JSON-RPC's invalid request.
 */
const ROWS = [
  { ...parseError, className: 'JSONParseError', message: 'Invalid JSON payload' },
  {
    ...invalidRequest,
    sentFor: [],
    className: 'InvalidRequestError',
    message: 'Request payload validation error',
  },
  { ...methodNotFound, className: 'MethodNotFoundError', message: 'Method not found' },
  { ...invalidParams, className: 'RequestMalformedError', message: 'Request malformed' },
  { ...internalError, className: 'InternalError', message: 'Internal error' },
  {
    name: 'TaskNotFound',
    wire: -32001,
    code: 'TASK_NOT_FOUND',
    category: 'not_found',
    sentFor: ['not_found'],
    className: 'TaskNotFoundError',
    message: 'Task not found',
  },
  {
    name: 'TaskNotCancelable',
    wire: -32002,
    code: 'TASK_NOT_CANCELABLE',
    category: 'conflict',
    sentFor: ['conflict'],
    className: 'TaskNotCancelableError',
    message: 'Task cannot be canceled',
  },
  {
    name: 'PushNotificationNotSupported',
    wire: -32003,
    code: 'PUSH_NOTIFICATION_NOT_SUPPORTED',
    category: 'protocol',
    className: 'PushNotificationNotSupportedError',
    message: 'Push Notification is not supported',
  },
  {
    name: 'UnsupportedOperation',
    wire: -32004,
    code: 'UNSUPPORTED_OPERATION',
    category: 'protocol',
    sentFor: ['protocol'],
    className: 'UnsupportedOperationError',
    message: 'This operation is not supported',
  },
  {
    name: 'ContentTypeNotSupported',
    wire: -32005,
    code: 'CONTENT_TYPE_NOT_SUPPORTED',
    category: 'validation',
    className: 'ContentTypeNotSupportedError',
    message: 'Incompatible content types',
  },
  {
    name: 'InvalidAgentResponse',
    wire: -32006,
    code: 'INVALID_AGENT_RESPONSE',
    category: 'internal',
    className: 'InvalidAgentResponseError',
    message: 'Invalid agent response type',
  },
  {
    name: 'ExtendedAgentCardNotConfigured',
    wire: -32007,
    code: 'EXTENDED_AGENT_CARD_NOT_CONFIGURED',
    category: 'protocol',
    className: 'ExtendedAgentCardNotConfiguredError',
    message: 'Extended Agent Card not configured',
  },
  {
    name: 'ExtensionSupportRequired',
    wire: -32008,
    code: 'EXTENSION_SUPPORT_REQUIRED',
    category: 'protocol',
    className: 'ExtensionSupportRequiredError',
    message: 'Extension support required',
  },
  {
    name: 'VersionNotSupported',
    wire: -32009,
    code: 'VERSION_NOT_SUPPORTED',
    category: 'protocol',
    className: 'VersionNotSupportedError',
    message: 'Version not supported',
  },
] as const satisfies readonly A2aRow[];

/** A2A's code table, for the dialect's decoder and encoder. */
export const A2A_CODE_TABLE = rpcCodeTable(ROWS, -32603);

/**
 * The error codes A2A uses over JSON-RPC, by name.
 *
 * @example
 * A2A_ERROR_CODES.TaskNotFound; // -32001
 */
export const A2A_ERROR_CODES = /* @__PURE__ */ codesByName(ROWS); // pure: left out of a bundle that never reads it

/** One of {@link A2A_ERROR_CODES}. */
export type A2aErrorCode = (typeof A2A_ERROR_CODES)[keyof typeof A2A_ERROR_CODES];

/**
 * Each A2A code's name (as `@a2a-js/sdk` names its error classes), `ErrorInfo` reason and
 * default message.
 *
 * @example
 * A2A_ERROR_NAMES[-32001].name; // 'TaskNotFoundError'
 */
export const A2A_ERROR_NAMES: Readonly<Record<A2aErrorCode, A2aErrorName>> = Object.freeze(
  Object.fromEntries(
    ROWS.map((row) => [row.wire, { name: row.className, reason: row.code, message: row.message }]),
  ) as Record<A2aErrorCode, A2aErrorName>,
);

/**
 * The name of an A2A code, or `undefined` for a code A2A does not define.
 *
 * @example
 * a2aErrorName(-32002); // 'TaskNotCancelableError'
 */
export function a2aErrorName(code: number): string | undefined {
  return (A2A_ERROR_NAMES as Readonly<Record<number, A2aErrorName>>)[code]?.name;
}
