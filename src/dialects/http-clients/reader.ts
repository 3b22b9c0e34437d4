import type { AgentError } from '../../core/agent-error.js';
import { classifiedAs } from '../../core/classified.js';
import { isPlainObject, readMember } from '../../core/is.js';
import type { Reader } from '../../core/reader.js';
import { markUnexpected } from '../../core/unexpected.js';
import { fromLangChainError } from '../agent-frameworks/langchain.js';
import { fromHttpParts } from '../http/response.js';
import { fromClientLibraryError } from './client-errors.js';
import { bodyOf } from './response-rule.js';

/**
 * The client libraries' errors: the AI SDK's `AI_*` classes, `@google/genai`'s `ApiError`, the
 * AWS SDK v3's service exceptions, axios, got, ky, Octokit, `@slack/web-api`, the MCP v2
 * client's OAuth errors, and any error whose response hangs off it (`.response`). Instances only; thrown by a client library, never
 * meant for our caller's peer, so marked unexpected. What they wrap (a retry's last error, a
 * cause) is read by the decoder running them.
 */
export const clientLibraryReader: Reader = {
  name: 'client library error',
  instancesOnly: true,
  recognise(view, context) {
    if (!view.instance || !(view.input instanceof Error)) return undefined;
    const decoded = fromClientLibraryError(view.input, context.classify);
    return decoded && markUnexpected(decoded);
  },
};

/**
 * A response a client library resolves with whatever its status (needle; Node's own
 * `IncomingMessage`, with the body a library parsed onto `body`): not an error, but what a tool
 * gets back when the call failed. Read as the response it is when its `statusCode` is a failure.
 */
export const responseInstanceReader: Reader = {
  name: 'http response instance',
  instancesOnly: true,
  recognise(view) {
    const input = view.input;
    if (!view.instance || input instanceof Error) return undefined;
    const status = readMember(input, 'statusCode');
    if (typeof status !== 'number' || status < 400 || status > 599) return undefined;
    const headers = readMember(input, 'headers');
    if (!isPlainObject(headers)) return undefined;
    try {
      return fromHttpParts(
        status,
        readMember(input, 'statusMessage'),
        headers,
        bodyOf(readMember(input, 'body')),
      );
    } catch {
      return undefined;
    }
  },
};

/**
 * LangChain's errors (`lc_error_code`, its own classes). After the provider SDKs: LangChain
 * marks the provider's own error, whose status and body say more.
 */
export const langChainReader: Reader = {
  name: 'LangChain error',
  instancesOnly: true,
  recognise(view) {
    if (!view.instance || !(view.input instanceof Error)) return undefined;
    const decoded = fromLangChainError(view.input);
    return decoded && markUnexpected(decoded);
  },
};

/** How deep wrappers are followed: a cycle of causes must end. */
const MAX_WRAPPED_DEPTH = 4;
let wrappedDepth = 0;

/**
 * The members an ORM keeps the driver's error in: Sequelize's `DatabaseError` and
 * `ConnectionError` families (`parent`, `original`), TypeORM's `QueryFailedError`
 * (`driverError`). The wrapper adds only its class: whatever the driver's error reads as, it does.
 */
const DRIVER_ERROR = ['parent', 'original', 'driverError'] as const;

/**
 * What `error` wraps, and whether it is a driver's error under an ORM's: its `cause`, a member of
 * {@link DRIVER_ERROR}, or an `error` member that is itself an error.
 */
function wrapped(error: Error): { inner: object; driver: boolean } | undefined {
  const cause = readMember(error, 'cause');
  if (cause !== null && typeof cause === 'object' && cause !== error)
    return { inner: cause, driver: false };
  for (const key of DRIVER_ERROR) {
    const inner = readMember(error, key);
    if (inner !== null && typeof inner === 'object' && inner !== error)
      return { inner, driver: true };
  }
  const inner = readMember(error, 'error');
  return inner instanceof Error && inner !== error ? { inner, driver: false } : undefined;
}

/**
 * An error that says nothing itself but wraps one that does (the OpenAI Agents SDK's
 * `ToolCallError` around a provider SDK's 429, an application's `new Error(msg, { cause })`):
 * read as the HTTP response what it wraps carried (status, headers, wait), or as the database
 * error it wraps (drizzle-orm's `DrizzleQueryError` over the driver's), its own message kept. An
 * ORM's error over the driver's (Sequelize's `UniqueConstraintError`, `ConnectionError` over a
 * refused login or a connect timeout) reads as whatever the driver's error reads as. Late in the
 * list: every reader that knows the wrapper itself has had its turn.
 */
export const wrappedErrorReader: Reader = {
  name: 'error wrapping a cause',
  instancesOnly: true,
  recognise(view, context) {
    const error = view.input;
    if (!view.instance || !(error instanceof Error) || view.status !== undefined) return undefined;
    const found = wrapped(error);
    if (found === undefined || wrappedDepth >= MAX_WRAPPED_DEPTH) return undefined;
    wrappedDepth += 1;
    let decoded: AgentError;
    try {
      decoded = context.classify(found.inner);
    } finally {
      wrappedDepth -= 1;
    }
    // Of a cause, only a response it carried (status, headers, body) or a database's own error
    // passes through: what else a cause says (a schema library's refusal under a server's own
    // failure) is the wrapper's business. A driver's error that was recognised always does.
    const passes =
      decoded.wire?.protocol === 'http' ||
      decoded.details?.database !== undefined ||
      (found.driver && decoded.category !== 'internal');
    if (!passes) return undefined;
    return markUnexpected(classifiedAs(error, decoded));
  },
};
