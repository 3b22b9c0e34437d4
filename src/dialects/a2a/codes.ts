/**
 * The error codes A2A (Agent2Agent) uses over JSON-RPC: JSON-RPC's five and A2A's -32001…-32009.
 *
 * @example
 * A2A_ERROR_CODES.TaskNotFound; // -32001
 */
export const A2A_ERROR_CODES = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  TaskNotFound: -32001,
  TaskNotCancelable: -32002,
  PushNotificationNotSupported: -32003,
  UnsupportedOperation: -32004,
  ContentTypeNotSupported: -32005,
  InvalidAgentResponse: -32006,
  ExtendedAgentCardNotConfigured: -32007,
  ExtensionSupportRequired: -32008,
  VersionNotSupported: -32009,
} as const;

/** One of {@link A2A_ERROR_CODES}. */
export type A2aErrorCode = (typeof A2A_ERROR_CODES)[keyof typeof A2A_ERROR_CODES];

/** What A2A calls each code: the error's name, its `google.rpc.ErrorInfo` reason, its default message. */
export interface A2aErrorName {
  readonly name: string;
  readonly reason: string;
  readonly message: string;
}

/**
 * Each A2A code's name (as `@a2a-js/sdk` names its error classes), `ErrorInfo` reason and
 * default message.
 *
 * @example
 * A2A_ERROR_NAMES[-32001].name; // 'TaskNotFoundError'
 */
export const A2A_ERROR_NAMES = {
  [-32700]: { name: 'JSONParseError', reason: 'PARSE_ERROR', message: 'Invalid JSON payload' },
  [-32600]: {
    name: 'InvalidRequestError',
    reason: 'INVALID_REQUEST',
    message: 'Request payload validation error',
  },
  [-32601]: {
    name: 'MethodNotFoundError',
    reason: 'METHOD_NOT_FOUND',
    message: 'Method not found',
  },
  [-32602]: {
    name: 'RequestMalformedError',
    reason: 'INVALID_PARAMS',
    message: 'Request malformed',
  },
  [-32603]: { name: 'InternalError', reason: 'INTERNAL_ERROR', message: 'Internal error' },
  [-32001]: { name: 'TaskNotFoundError', reason: 'TASK_NOT_FOUND', message: 'Task not found' },
  [-32002]: {
    name: 'TaskNotCancelableError',
    reason: 'TASK_NOT_CANCELABLE',
    message: 'Task cannot be canceled',
  },
  [-32003]: {
    name: 'PushNotificationNotSupportedError',
    reason: 'PUSH_NOTIFICATION_NOT_SUPPORTED',
    message: 'Push Notification is not supported',
  },
  [-32004]: {
    name: 'UnsupportedOperationError',
    reason: 'UNSUPPORTED_OPERATION',
    message: 'This operation is not supported',
  },
  [-32005]: {
    name: 'ContentTypeNotSupportedError',
    reason: 'CONTENT_TYPE_NOT_SUPPORTED',
    message: 'Incompatible content types',
  },
  [-32006]: {
    name: 'InvalidAgentResponseError',
    reason: 'INVALID_AGENT_RESPONSE',
    message: 'Invalid agent response type',
  },
  [-32007]: {
    name: 'ExtendedAgentCardNotConfiguredError',
    reason: 'EXTENDED_AGENT_CARD_NOT_CONFIGURED',
    message: 'Extended Agent Card not configured',
  },
  [-32008]: {
    name: 'ExtensionSupportRequiredError',
    reason: 'EXTENSION_SUPPORT_REQUIRED',
    message: 'Extension support required',
  },
  [-32009]: {
    name: 'VersionNotSupportedError',
    reason: 'VERSION_NOT_SUPPORTED',
    message: 'Version not supported',
  },
} as const satisfies Record<A2aErrorCode, A2aErrorName>;

/**
 * The name of an A2A code, or `undefined` for a code A2A does not define.
 *
 * @example
 * a2aErrorName(-32002); // 'TaskNotCancelableError'
 */
export function a2aErrorName(code: number): string | undefined {
  return (A2A_ERROR_NAMES as Readonly<Record<number, A2aErrorName>>)[code]?.name;
}
