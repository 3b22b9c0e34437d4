/**
 * The stable `code`s the HTTP world decodes to: one code per condition, whatever the source
 * said it with (a status, a provider's error body, an SDK's error class, a cloud's error name, a
 * web API's own body). `429`, Anthropic's `rate_limit_error`, OpenAI's `rate_limit_exceeded`,
 * Google's `RESOURCE_EXHAUSTED` without a quota, AWS's `ThrottlingException`, Slack's
 * `ratelimited` and GitHub's exhausted `x-ratelimit-remaining` are all `RATE_LIMITED`. The
 * source's own word stays in `details` (`details.provider`, `details.api`).
 *
 * The generic condition of each category is that category's default code (`RATE_LIMITED`,
 * `AUTH_ERROR`, `PERMISSION_DENIED`, …); the rest name something more precise an agent can act on
 * (`CONTEXT_TOO_LONG`: shrink the context; `TOKEN_EXPIRED`: refresh the token). docs/http.md
 * lists them with their sources; gRPC statuses decode to them too. Codes from the JSON-RPC
 * protocols and ToolError text are the protocols' own and are not in this list; an HTTP status the table
 * does not name decodes to `HTTP_<status>`.
 *
 * @example
 * const code: StableErrorCode = decode(err).code as StableErrorCode;
 * if (code === 'CONTEXT_TOO_LONG') shrinkContext();
 */
export type StableErrorCode =
  // auth: log in again, fix or refresh the credential
  | 'AUTH_ERROR'
  | 'INVALID_API_KEY'
  | 'MISSING_API_KEY'
  | 'INVALID_TOKEN'
  | 'TOKEN_EXPIRED'
  | 'INVALID_CLIENT'
  | 'INVALID_GRANT'
  // permission
  | 'PERMISSION_DENIED'
  | 'INSUFFICIENT_SCOPE'
  // not found
  | 'NOT_FOUND'
  | 'MODEL_NOT_FOUND'
  | 'GONE'
  // validation: fix the input
  | 'VALIDATION_ERROR'
  | 'CONTEXT_TOO_LONG'
  | 'REQUEST_TOO_LARGE'
  | 'CONTENT_FILTERED'
  | 'UNSUPPORTED_MEDIA_TYPE'
  // the model called a tool that does not exist, or with bad arguments: internal and retryable
  // where an agent's loop reads it (ask the model again), validation where the tool answers it
  | 'NO_SUCH_TOOL'
  | 'INVALID_TOOL_INPUT'
  // rate limit: wait, then retry
  | 'RATE_LIMITED'
  // quota: budget spent, stop
  | 'QUOTA_EXCEEDED'
  // timeout
  | 'TIMEOUT'
  // cancelled
  | 'CANCELLED'
  | 'ABORTED'
  // conflict
  | 'CONFLICT'
  | 'PRECONDITION_FAILED'
  // unavailable: retry
  | 'UNAVAILABLE'
  | 'OVERLOADED'
  | 'CONNECTION_ERROR'
  // protocol
  | 'PROTOCOL_ERROR'
  | 'METHOD_NOT_ALLOWED'
  | 'NOT_IMPLEMENTED'
  | 'UNSUPPORTED_GRANT_TYPE'
  // internal
  | 'SERVER_ERROR'
  | 'INTERNAL_ERROR';
