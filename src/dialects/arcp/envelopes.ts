import { newErrorId } from '../../core/expose.js';
import { asRecord, describeValue } from '../../core/is.js';
import type { ARCPError, ARCPErrorLike } from './arcp-error.js';
import { checkErrorPayload, fromPayload, payloadToSend } from './payload.js';
import type { ErrorPayload } from './payload.js';

/**
 * How a failed job ended, on `job.error`: `error`, `cancelled` (`CANCELLED`) or `timed_out`
 * (`TIMEOUT`).
 */
export type JobFinalStatus = 'error' | 'cancelled' | 'timed_out';

const FINAL_STATUSES: readonly JobFinalStatus[] = ['error', 'cancelled', 'timed_out'];

/** The protocol version every envelope carries in `arcp` (ARCP v1.1 §5; upstream requires it). */
const ARCP_VERSION = '1.1';

/**
 * An envelope's identifiers (ARCP §5). `id` is the envelope's own message id, a fresh `msg_…` id
 * when not given; the others are written only when given. Upstream requires `session_id` on every
 * envelope after the handshake, and `event_seq` on `job.event` and `job.error`.
 */
export interface EnvelopeIds {
  id?: string;
  session_id?: string;
  job_id?: string;
  /** W3C trace id (32 lowercase hex characters). */
  trace_id?: string;
  /** The session's event sequence number (§8.3). */
  event_seq?: number;
}

/** `session.error`: fatal; the transport closes after it. */
export interface SessionErrorEnvelope extends EnvelopeIds {
  arcp: typeof ARCP_VERSION;
  id: string;
  type: 'session.error';
  payload: ErrorPayload;
}

/** `job.error`: the job's terminal event. Its payload is an {@link ErrorPayload} plus `final_status`. */
export interface JobErrorEnvelope extends EnvelopeIds {
  arcp: typeof ARCP_VERSION;
  id: string;
  type: 'job.error';
  payload: ErrorPayload & { final_status: JobFinalStatus };
}

/**
 * A failed tool call, as ARCP sends it: a `job.event` of kind `tool_result` whose body carries
 * `error` (never together with `result`). The job stays alive.
 */
export interface ToolResultErrorEnvelope extends EnvelopeIds {
  arcp: typeof ARCP_VERSION;
  id: string;
  type: 'job.event';
  payload: { kind: 'tool_result'; ts: string; body: { call_id: string; error: ErrorPayload } };
}

/** Any of the three envelopes an ARCP error travels in. */
export type ErrorEnvelope = SessionErrorEnvelope | JobErrorEnvelope | ToolResultErrorEnvelope;

/** Which of the three error envelopes {@link readErrorEnvelope} found. */
export type EnvelopeKind = 'session.error' | 'job.error' | 'tool_result';

// As upstream's envelope schema: a W3C trace id, 32 lowercase hex characters.
const TRACE_ID = /^[0-9a-f]{32}$/;

function fail(fn: string, option: string, expected: string, received: unknown): never {
  throw new TypeError(`${fn}: ${option} must be ${expected}; received ${describeValue(received)}`);
}

/**
 * Throws a `TypeError` naming the option when an id the envelope builders would write is one
 * upstream refuses (an empty `id`, a `trace_id` that is not 32 lowercase hex characters, a
 * negative or fractional `event_seq`). Internal.
 */
export function checkEnvelopeIds(
  ids: EnvelopeIds | undefined,
  fn: string,
  where = 'envelope',
): void {
  const id = ids?.id;
  if (id !== undefined && (typeof id !== 'string' || id === ''))
    fail(fn, `${where}.id`, 'a non-empty string', id);
  const trace = ids?.trace_id;
  if (trace !== undefined && (typeof trace !== 'string' || !TRACE_ID.test(trace)))
    fail(fn, `${where}.trace_id`, '32 lowercase hex characters', trace);
  const seq = ids?.event_seq;
  if (seq !== undefined && (typeof seq !== 'number' || !Number.isInteger(seq) || seq < 0))
    fail(fn, `${where}.event_seq`, 'an integer >= 0', seq);
}

/** `arcp` and `id` (given or fresh), then `type`, then the other ids given: upstream's order. */
function head<T extends string>(
  type: T,
  from: EnvelopeIds | undefined,
  fn: string,
): { arcp: typeof ARCP_VERSION; id: string; type: T } & EnvelopeIds {
  checkEnvelopeIds(from, fn);
  const out: { arcp: typeof ARCP_VERSION; id: string; type: T } & EnvelopeIds = {
    arcp: ARCP_VERSION,
    id: from?.id ?? `msg_${newErrorId()}`,
    type,
  };
  if (from?.session_id !== undefined) out.session_id = from.session_id;
  if (from?.job_id !== undefined) out.job_id = from.job_id;
  if (from?.trace_id !== undefined) out.trace_id = from.trace_id;
  if (from?.event_seq !== undefined) out.event_seq = from.event_seq;
  return out;
}

/**
 * The final status a job.error reports for `code`.
 *
 * @example
 * finalStatusFor('TIMEOUT'); // 'timed_out'
 */
export function finalStatusFor(code: string): JobFinalStatus {
  return code === 'CANCELLED' ? 'cancelled' : code === 'TIMEOUT' ? 'timed_out' : 'error';
}

/**
 * A `session.error` envelope (fatal: the runtime closes the transport after sending it), for an
 * ARCP error or a payload you built.
 *
 * @example
 * sessionError(new UnauthenticatedError('token failed verification'), { session_id: 's1' });
 * // { arcp: '1.1', id: 'msg_…', type: 'session.error', session_id: 's1',
 * //   payload: { code: 'UNAUTHENTICATED', message: 'token failed verification', retryable: false } }
 */
export function sessionError(
  error: ARCPErrorLike | ErrorPayload,
  envelope?: EnvelopeIds,
): SessionErrorEnvelope {
  return {
    ...head('session.error', envelope, 'sessionError'),
    payload: payloadToSend(error, 'sessionError'),
  };
}

/**
 * A `job.error` envelope; `final_status` follows the code (`CANCELLED` → `cancelled`, `TIMEOUT` →
 * `timed_out`, else `error`) unless given.
 *
 * @example
 * jobError(new TimeoutError('max_runtime_sec exceeded'), { job_id: 'j1' }).payload.final_status;
 * // 'timed_out'
 */
export function jobError(
  error: ARCPErrorLike | ErrorPayload,
  envelope?: EnvelopeIds & { final_status?: JobFinalStatus },
): JobErrorEnvelope {
  const payload = payloadToSend(error, 'jobError');
  const finalStatus = envelope?.final_status ?? finalStatusFor(payload.code);
  if (!FINAL_STATUSES.includes(finalStatus)) {
    throw new TypeError(
      `jobError: final_status must be one of ${FINAL_STATUSES.join(', ')}; received ${describeValue(finalStatus)}`,
    );
  }
  return {
    ...head('job.error', envelope, 'jobError'),
    payload: { ...payload, final_status: finalStatus },
  };
}

/**
 * A failed tool call as ARCP sends it: a `job.event` whose payload is
 * `{ kind: 'tool_result', ts, body: { call_id, error } }`. The job stays alive and the agent
 * decides. `error` is an ARCP error or a payload you built (ARCP §12's
 * `ctx.toolResult({ call_id, error: { code, message, details } })`), sent as it is; `ts` is now
 * unless given.
 *
 * @example
 * toolResultError('fetch-1', {
 *   code: 'INVALID_REQUEST',
 *   message: '404 from upstream',
 *   details: { status: 404 },
 * }, { session_id: 's1', job_id: 'j1', event_seq: 12 });
 * // { arcp: '1.1', id: 'msg_…', type: 'job.event', session_id: 's1', job_id: 'j1', event_seq: 12,
 * //   payload: { kind: 'tool_result', ts: '2026-…Z', body: { call_id: 'fetch-1', error: { … } } } }
 */
export function toolResultError(
  callId: string,
  error: ARCPErrorLike | ErrorPayload,
  envelope?: EnvelopeIds & { ts?: string },
): ToolResultErrorEnvelope {
  if (typeof callId !== 'string' || callId === '') {
    throw new TypeError(
      `toolResultError: callId must be a non-empty string; received ${describeValue(callId)}`,
    );
  }
  const ts = envelope?.ts;
  if (ts !== undefined && (typeof ts !== 'string' || ts === ''))
    fail('toolResultError', 'envelope.ts', 'a non-empty timestamp string', ts);
  return {
    ...head('job.event', envelope, 'toolResultError'),
    payload: {
      kind: 'tool_result',
      ts: ts ?? new Date().toISOString(),
      body: { call_id: callId, error: payloadToSend(error, 'toolResultError') },
    },
  };
}

/** What {@link readErrorEnvelope} found. */
export type ReadEnvelope =
  | {
      ok: true;
      /** Which error envelope: a `job.event` of kind `tool_result` reads as `'tool_result'`. */
      type: EnvelopeKind;
      error: ARCPError;
      /** On `job.error`. */
      finalStatus?: JobFinalStatus;
      /** On `tool_result`. */
      callId?: string;
    }
  | { ok: false; problems: string[] };

/** Where an error envelope keeps its payload, checked; what {@link readErrorEnvelope} builds on. */
export type LocatedPayload =
  | {
      ok: true;
      type: EnvelopeKind;
      payload: ErrorPayload;
      finalStatus?: JobFinalStatus;
      callId?: string;
    }
  | { ok: false; problems: string[] };

/** A tool result's body (`{ call_id, result | error }`), checked. */
function toolResultBody(
  body: Record<string, unknown>,
  callId: unknown,
  path: string,
  emptyMessage: boolean,
): LocatedPayload {
  if ('result' in body && 'error' in body) {
    return { ok: false, problems: ['tool_result body must not carry both result and error'] };
  }
  if (!('error' in body)) return { ok: false, problems: ['tool_result body carries no error'] };
  const check = checkErrorPayload(body.error, path, emptyMessage);
  if (!check.ok) return check;
  const found: LocatedPayload = { ok: true, type: 'tool_result', payload: check.payload };
  if (typeof callId === 'string') found.callId = callId;
  return found;
}

/**
 * The checked {@link ErrorPayload} of an ARCP error envelope, without building an error from it
 * (decoders go straight to the hub). `emptyMessage` lets `message: ""` through (for `decode`,
 * which never refuses). Internal; {@link readErrorEnvelope} is the public reader.
 */
export function locateEnvelopePayload(value: unknown, emptyMessage = false): LocatedPayload {
  const env = asRecord(value);
  if (!env) return { ok: false, problems: ['envelope must be an object'] };
  const { type } = env;
  if (type === 'session.error' || type === 'job.error') {
    const check = checkErrorPayload(
      env.payload,
      type === 'session.error' ? 'session.error.payload' : 'job.error.payload',
      emptyMessage,
    );
    if (!check.ok) return check;
    if (type === 'session.error') return { ok: true, type, payload: check.payload };
    const status = (env.payload as Record<string, unknown>).final_status;
    if (status !== undefined && !FINAL_STATUSES.includes(status as JobFinalStatus)) {
      return {
        ok: false,
        problems: [
          `job.error.payload.final_status must be one of ${FINAL_STATUSES.join(', ')}; received ${describeValue(status)}`,
        ],
      };
    }
    return {
      ok: true,
      type,
      payload: check.payload,
      finalStatus: (status as JobFinalStatus | undefined) ?? finalStatusFor(check.payload.code),
    };
  }
  if (type === 'job.event') {
    // ARCP's own form: { type: 'job.event', payload: { kind: 'tool_result', ts, body } }.
    const payload = asRecord(env.payload);
    if (!payload) return { ok: false, problems: ['job.event must carry a payload object'] };
    if (payload.kind !== 'tool_result') {
      return {
        ok: false,
        problems: [
          `job.event.payload.kind must be tool_result to carry an error; received ${describeValue(payload.kind)}`,
        ],
      };
    }
    const body = asRecord(payload.body);
    if (!body) return { ok: false, problems: ['job.event.payload.body must be an object'] };
    return toolResultBody(body, body.call_id, 'job.event.payload.body.error', emptyMessage);
  }
  if (type === 'tool_result') {
    // ARCP §12's prose (`tool_result.body.error`), and this library's earlier form:
    // { type: 'tool_result', payload: { call_id, error } }.
    const outer = asRecord(env.payload) ?? asRecord(env.body);
    if (!outer)
      return { ok: false, problems: ['tool_result must carry a payload (or body) object'] };
    const body = asRecord(outer.body) ?? outer;
    return toolResultBody(body, outer.call_id ?? body.call_id, 'tool_result.error', emptyMessage);
  }
  return {
    ok: false,
    problems: [
      `envelope.type must be session.error, job.error, job.event (kind tool_result) or tool_result; received ${describeValue(type)}`,
    ],
  };
}

/**
 * Read an ARCP error envelope: `session.error`, `job.error`, or a failed tool call — the
 * `job.event` of kind `tool_result` ARCP sends, the `tool_result.body.error` form ARCP §12's prose
 * names, and this library's earlier `{ type: 'tool_result', payload: { call_id, error } }` —
 * giving the {@link ARCPError} subclass for its payload, or every problem found. A tool result
 * with both `result` and `error` is rejected, one with only `result` is not an error, and an
 * empty `message` is refused, as ARCP refuses it. `arcp` and `id` are not required.
 *
 * @example
 * const read = readErrorEnvelope(message);
 * if (read.ok) throw read.error;
 */
export function readErrorEnvelope(value: unknown): ReadEnvelope {
  const found = locateEnvelopePayload(value);
  if (!found.ok) return found;
  const read: ReadEnvelope = { ok: true, type: found.type, error: fromPayload(found.payload) };
  if (found.finalStatus !== undefined) read.finalStatus = found.finalStatus;
  if (found.callId !== undefined) read.callId = found.callId;
  return read;
}
