/**
 * Fixed texts a printed error carries in place of its code, each from the definition that fixes
 * it, so that `explain` reads a pasted `String(err)` as the error itself reads:
 *
 * - {@link CLASS_CODES}: client library classes whose name stands for one code (undici's
 *   `docs/api/Errors.md` table, got's `documentation/8-errors.md`, axios's `CanceledError`, `@elastic/transport`'s and `@supabase/auth-js`'s classes). Names several libraries
 *   share (`AbortError`, `TimeoutError`, `ClientClosedError`, …) are left out: they name no
 *   single code.
 * - {@link MCP_MESSAGES}: the messages the MCP SDK v2 raises its own codes' classes with
 *   (`MissingRequiredClientCapabilityError`, `UnsupportedProtocolVersionError`,
 *   `UrlElicitationRequiredError`), which `String(err)` prints after `ProtocolError: `.
 * - {@link JSON_RPC_MESSAGES}: JSON-RPC 2.0's own messages for its codes (§5.1), and ACP's
 *   (`RequestError.authRequired`, `RequestError.resourceNotFound`), which peers send unchanged
 *   and ACP's `RequestError` prints in quotes (`"Method not found": …`).
 * - {@link REASON_PHRASES}: HTTP's reason phrases (RFC 9110 §15, and those of the IANA status
 *   registry's other RFCs: 418 of RFC 9110 §15.5.19, 506 RFC 2295, 508 RFC 5842, 510 RFC 2774;
 *   509 as Node's `http.STATUS_CODES` names it), which client libraries print as the whole
 *   message when the body said nothing (`AI_APICallError: Bad Request`, http-errors'
 *   `ImATeapotError: I'm a Teapot`).
 * - {@link ORM_CLASS_SQLSTATES}: Sequelize's classes that stand for one integrity violation, whose
 *   message (`Validation error`) no longer says it.
 */

// got's errors always carry `timings` and `options` (its `RequestError`), by which its reader
// knows them from other libraries' classes of the same name.
const got = (code: string) => ({ code, timings: undefined, options: undefined });

/** A class name that stands for one code (axios's carries its mark as well). */
export const CLASS_CODES: Readonly<Record<string, string | Readonly<Record<string, unknown>>>> = {
  // undici
  HeadersTimeoutError: 'UND_ERR_HEADERS_TIMEOUT',
  HeadersOverflowError: 'UND_ERR_HEADERS_OVERFLOW',
  BodyTimeoutError: 'UND_ERR_BODY_TIMEOUT',
  RequestContentLengthMismatchError: 'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH',
  ConnectTimeoutError: 'UND_ERR_CONNECT_TIMEOUT',
  InvalidReturnValueError: 'UND_ERR_INVALID_RETURN_VALUE',
  ClientDestroyedError: 'UND_ERR_DESTROYED',
  InformationalError: 'UND_ERR_INFO',
  SocketError: 'UND_ERR_SOCKET',
  ResponseContentLengthMismatchError: 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
  MissingUpstreamError: 'UND_ERR_BPL_MISSING_UPSTREAM',
  ResponseExceededMaxSizeError: 'UND_ERR_RES_EXCEEDED_MAX_SIZE',
  SecureProxyConnectionError: 'UND_ERR_PRX_TLS',
  MaxOriginsReachedError: 'UND_ERR_MAX_ORIGINS_REACHED',
  Socks5ProxyError: 'UND_ERR_SOCKS5',
  MessageSizeExceededError: 'UND_ERR_WS_MESSAGE_SIZE_EXCEEDED',
  // got (`RetryError` is the AI SDK's too; `HTTPError` ky's, and holds the response)
  CacheError: got('ERR_CACHE_ACCESS'),
  UploadError: got('ERR_UPLOAD'),
  ReadError: got('ERR_READING_RESPONSE_STREAM'),
  CancelError: got('ERR_CANCELED'),
  MaxRedirectsError: got('ERR_TOO_MANY_REDIRECTS'),
  ParseError: got('ERR_BODY_PARSE_FAILURE'),
  // @slack/web-api (`ErrorCode`): the classes whose code alone decides
  WebAPIRequestError: 'slack_webapi_request_error',
  WebAPIFileUploadInvalidArgumentsError: 'slack_webapi_file_upload_invalid_args_error',
  WebAPIFileUploadReadFileDataError: 'slack_webapi_file_upload_read_file_data_error',
  // axios (`lib/cancel/CanceledError.js`)
  CanceledError: { code: 'ERR_CANCELED', isAxiosError: true },
  // @supabase/auth-js (`lib/errors.ts`): the classes its client raises with one fixed status
  // (and, for two, a fixed code); `AuthApiError` and `AuthRetryableFetchError` carry the
  // response's status, which their text does not print.
  AuthSessionMissingError: { status: 400, __isAuthError: true },
  AuthInvalidCredentialsError: { status: 400, __isAuthError: true },
  AuthInvalidJwtError: { status: 400, code: 'invalid_jwt', __isAuthError: true },
  AuthPKCECodeVerifierMissingError: {
    status: 400,
    code: 'pkce_code_verifier_not_found',
    __isAuthError: true,
  },
  AuthRefreshDiscardedError: { status: 409, __isAuthError: true },
  AuthInvalidTokenResponseError: { status: 500, __isAuthError: true },
  AuthImplicitGrantRedirectError: { status: 500, __isAuthError: true },
  AuthPKCEGrantCodeExchangeError: { status: 500, __isAuthError: true },
  // @supabase/auth-js: a fetch that failed or a 5xx, retried by its client; printed, its status
  // is not there, so it reads as the fetch that failed.
  AuthRetryableFetchError: { __isAuthError: true },
  // @elastic/transport (`lib/errors.js`): the classes that carry no response, each made with the
  // request's `options`, by which the decoder knows them from other libraries' classes. Its
  // `RequestAbortedError` is left out: the Speakeasy SDKs (Mistral's) raise a class of that name.
  NoLivingConnectionsError: { options: {} },
  DeserializationError: { options: {} },
  ProductNotSupportedError: { options: {} },
  ConfigurationError: { options: {} },
  SerializationError: { options: {} },
  // FastAPI's validation response, as the Speakeasy SDKs name it (Mistral's
  // `models/errors/httpvalidationerror.ts`): always its 422 `{ "detail": [...] }`.
  HTTPValidationError: { status: 422 },
};

/**
 * Classes whose name does not say error, printed as errors all the same (`GraphDrained: Graph
 * drained: shutdown`): LangGraph's, each a `GraphBubbleUp` (`@langchain/langgraph` `errors.ts`),
 * the control flow LangGraph throws and marks `is_bubble_up`.
 */
export const OTHER_ERROR_CLASSES: ReadonlySet<string> = new Set([
  'GraphDrained',
  'GraphInterrupt',
  'NodeInterrupt',
  'ParentCommand',
  'GraphBubbleUp',
]);

/** JSON-RPC's and ACP's fixed messages, by their codes. */
export const JSON_RPC_MESSAGES: Readonly<Record<string, number>> = {
  'parse error': -32700,
  'invalid request': -32600,
  'method not found': -32601,
  'invalid params': -32602,
  'internal error': -32603,
  'authentication required': -32000,
  'resource not found': -32002,
};

/** The MCP SDK v2's default messages for MCP's own codes, by code. */
export const MCP_MESSAGES: Readonly<Record<string, number>> = {
  'missing required client capabilities': -32021,
  'unsupported protocol version': -32022,
  'url elicitation required': -32042,
  'url elicitations required': -32042,
};

/** HTTP's reason phrases for the failure statuses. */
export const REASON_PHRASES: Readonly<Record<string, number>> = {
  'bad request': 400,
  unauthorized: 401,
  'payment required': 402,
  forbidden: 403,
  'not found': 404,
  'method not allowed': 405,
  'not acceptable': 406,
  'proxy authentication required': 407,
  'request timeout': 408,
  conflict: 409,
  gone: 410,
  'length required': 411,
  'precondition failed': 412,
  'content too large': 413,
  'payload too large': 413,
  'uri too long': 414,
  'unsupported media type': 415,
  'range not satisfiable': 416,
  'expectation failed': 417,
  "i'm a teapot": 418,
  'misdirected request': 421,
  'unprocessable content': 422,
  'unprocessable entity': 422,
  locked: 423,
  'failed dependency': 424,
  'too early': 425,
  'upgrade required': 426,
  'precondition required': 428,
  'too many requests': 429,
  'request header fields too large': 431,
  'unavailable for legal reasons': 451,
  'internal server error': 500,
  'not implemented': 501,
  'bad gateway': 502,
  'service unavailable': 503,
  'gateway timeout': 504,
  'http version not supported': 505,
  'variant also negotiates': 506,
  'insufficient storage': 507,
  'loop detected': 508,
  'bandwidth limit exceeded': 509,
  'not extended': 510,
  'network authentication required': 511,
};

/**
 * Sequelize 6's constraint classes, each raised for one SQLSTATE (`formatError` of
 * `lib/dialects/postgres/query.js`: 23505 `UniqueConstraintError`, 23503
 * `ForeignKeyConstraintError`, 23P01 `ExclusionConstraintError`; the MySQL dialect raises the
 * first two for ER_DUP_ENTRY and the foreign-key errors, the same conditions). Its
 * `UnknownConstraintError` is raised for 42704, a missing constraint, and is left out: its
 * message says which.
 */
export const ORM_CLASS_SQLSTATES: Readonly<Record<string, string>> = {
  SequelizeUniqueConstraintError: '23505',
  SequelizeForeignKeyConstraintError: '23503',
  SequelizeExclusionConstraintError: '23P01',
};
