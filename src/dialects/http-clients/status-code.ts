import { decodedError } from '../../core/agent-error.js';
import type { AgentError } from '../../core/agent-error.js';
import { isPlainObject, readMember } from '../../core/is.js';
import { meaning as m } from '../../core/meaning.js';
import type { Meaning } from '../../core/meaning.js';
import type { Reader } from '../../core/reader.js';
import { markUnexpected } from '../../core/unexpected.js';
import { readCodeWords } from '../http/code-words.js';
import { fromHttpParts } from '../http/response.js';

/**
 * Failures that are no thrown `Error` but keep their status as their own `statusCode`: an SDK
 * that returns its failure as a value (Resend: `{ data: null, error: { name, message,
 * statusCode }, headers }`, resend.com/docs/api-reference/errors) and one that rejects with an
 * object of its own class (airtable.js's `AirtableError`: `{ error, message, statusCode }`,
 * airtable.com/developers/web/api/errors). Each is read as the response it stood for: that
 * status, the headers beside it, the error object as the body, whose code the service tables
 * read. With `statusCode: null` no answer came: the client's code says why (Airtable's
 * `CONNECTION_ERROR`, also what its own `requestTimeout` abort is reported as; Resend's
 * `application_error` for a request that "could not be resolved"), else the code's words (the
 * SDK's own checks: `missing_required_field`, `invalid_parameter`).
 */

/**
 * What a failed call returned or rejected with: the error, the headers beside it, and whether it
 * came as a result (whose error needs no `statusCode` to be one: a body without it).
 */
function statusCarrier(
  input: Record<string, unknown>,
): [Record<string, unknown>, unknown, boolean] {
  const inner = input.error;
  // Resend's result: `data: null` beside an `error` object holding the status.
  if (
    input.data === null &&
    isPlainObject(inner) &&
    ('statusCode' in inner || typeof inner.name === 'string')
  )
    return [inner, input.headers, true];
  return [input, undefined, false];
}

const NO_ANSWER = m('unavailable', 'CONNECTION_ERROR', true);

/** The failure an object with its own `statusCode` stands for, `undefined` when it is none. */
function fromStatusCode(input: Record<string, unknown>): AgentError | undefined {
  const [error, headers, result] = statusCarrier(input);
  const status = readMember(error, 'statusCode');
  const message = readMember(error, 'message');
  const code = readMember(error, 'name') ?? readMember(error, 'error');
  if (typeof message !== 'string' || typeof code !== 'string') return undefined;
  if (typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599) {
    return fromHttpParts(status, undefined, headers, { ...error, code });
  }
  // `null`: no answer came; missing, only in a result (a body that did not say it).
  if (status !== null && !(result && status === undefined)) return undefined;
  const row =
    code === 'CONNECTION_ERROR' || code === 'application_error'
      ? /\babort/i.test(message)
        ? m('timeout', 'TIMEOUT', true)
        : NO_ANSWER
      : readCodeWords(code, undefined);
  return row && noAnswer(message, row, code, input);
}

/** The reading of a status-less failure by its client's code. */
function noAnswer(message: string, row: Meaning, code: string, cause: unknown): AgentError {
  return decodedError({
    message,
    category: row.category,
    code: row.code,
    retryable: row.retryable,
    retryAfterMs: undefined,
    details: { code },
    wire: undefined,
    cause,
  });
}

/**
 * An object keeping its own HTTP `statusCode` beside a `message` and a string code (`name` or
 * `error`), or a `{ data: null, error }` result holding one: see above. Late: every shape with a
 * reader of its own has had its turn.
 */
export const statusCodeReader: Reader = {
  name: 'error keeping its own statusCode',
  recognise(view) {
    if (view.input instanceof Error) return undefined;
    const decoded = fromStatusCode(view.input);
    if (decoded === undefined) return undefined;
    // An object of a client's own class was thrown by that client, not meant for our caller.
    return view.instance ? markUnexpected(decoded) : decoded;
  },
};
