import type { ARCPError, ARCPErrorLike } from './arcp-error.js';
import { fromPayload, toPayload, validateErrorPayload } from './payload.js';
import type { ErrorPayload } from './payload.js';

/**
 * How a failed job ended, on `job.error`: `error`, `cancelled` (`CANCELLED`) or `timed_out`
 * (`TIMEOUT`).
 */
export type JobFinalStatus = 'error' | 'cancelled' | 'timed_out';

const FINAL_STATUSES: readonly JobFinalStatus[] = ['error', 'cancelled', 'timed_out'];

/** Envelope identifiers; only those given are written. */
export interface EnvelopeIds {
  id?: string;
  session_id?: string;
  job_id?: string;
}

/** `session.error`: fatal; the transport closes after it. */
export interface SessionErrorEnvelope extends EnvelopeIds {
  type: 'session.error';
  payload: ErrorPayload;
}

/** `job.error`: the job's terminal event. Its payload is an {@link ErrorPayload} plus `final_status`. */
export interface JobErrorEnvelope extends EnvelopeIds {
  type: 'job.error';
  payload: ErrorPayload & { final_status: JobFinalStatus };
}

/** A `tool_result` whose body carries `error` (never together with `result`). */
export interface ToolResultErrorEnvelope extends EnvelopeIds {
  type: 'tool_result';
  payload: { call_id: string; error: ErrorPayload };
}

/** Any of the three envelopes an ARCP error travels in. */
export type ErrorEnvelope = SessionErrorEnvelope | JobErrorEnvelope | ToolResultErrorEnvelope;

function ids(from: EnvelopeIds | undefined): EnvelopeIds {
  const out: EnvelopeIds = {};
  if (from?.id !== undefined) out.id = from.id;
  if (from?.session_id !== undefined) out.session_id = from.session_id;
  if (from?.job_id !== undefined) out.job_id = from.job_id;
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
 * A `session.error` envelope (fatal: the runtime closes the transport after sending it).
 *
 * @example
 * sessionError(new UnauthenticatedError('token failed verification'), { session_id: 's1' });
 * // { type: 'session.error', session_id: 's1', payload: { code: 'UNAUTHENTICATED', message: … } }
 */
export function sessionError(error: ARCPErrorLike, envelope?: EnvelopeIds): SessionErrorEnvelope {
  return { type: 'session.error', ...ids(envelope), payload: toPayload(error) };
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
  error: ARCPErrorLike,
  envelope?: EnvelopeIds & { final_status?: JobFinalStatus },
): JobErrorEnvelope {
  const finalStatus = envelope?.final_status ?? finalStatusFor(error.code);
  if (!FINAL_STATUSES.includes(finalStatus)) {
    throw new TypeError(
      `jobError: final_status must be one of ${FINAL_STATUSES.join(', ')}; received ${JSON.stringify(finalStatus)}`,
    );
  }
  return {
    type: 'job.error',
    ...ids(envelope),
    payload: { ...toPayload(error), final_status: finalStatus },
  };
}

/**
 * A `tool_result` that reports a failed tool call: the job stays alive and the agent decides.
 *
 * @example
 * toolResultError('fetch-1', new ARCPError('INVALID_REQUEST', '404 from upstream', {
 *   details: { status: 404 },
 * }));
 * // { type: 'tool_result', payload: { call_id: 'fetch-1', error: { code: 'INVALID_REQUEST', … } } }
 */
export function toolResultError(
  callId: string,
  error: ARCPErrorLike,
  envelope?: EnvelopeIds,
): ToolResultErrorEnvelope {
  if (typeof callId !== 'string' || callId === '') {
    throw new TypeError(
      `toolResultError: callId must be a non-empty string; received ${typeof callId}`,
    );
  }
  return {
    type: 'tool_result',
    ...ids(envelope),
    payload: { call_id: callId, error: toPayload(error) },
  };
}

/** What {@link readErrorEnvelope} found. */
export type ReadEnvelope =
  | {
      ok: true;
      type: ErrorEnvelope['type'];
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
      type: ErrorEnvelope['type'];
      payload: ErrorPayload;
      finalStatus?: JobFinalStatus;
      callId?: string;
    }
  | { ok: false; problems: string[] };

function record(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/**
 * The checked {@link ErrorPayload} of an ARCP error envelope, without building an error from it
 * (decoders go straight to the hub). Internal; {@link readErrorEnvelope} is the public reader.
 */
export function locateEnvelopePayload(value: unknown): LocatedPayload {
  const env = record(value);
  if (!env) return { ok: false, problems: ['envelope must be an object'] };
  const { type } = env;
  if (type === 'session.error' || type === 'job.error') {
    const check = validateErrorPayload(
      env.payload,
      type === 'session.error' ? 'session.error.payload' : 'job.error.payload',
    );
    if (!check.ok) return check;
    if (type === 'session.error') return { ok: true, type, payload: check.payload };
    const status = (env.payload as Record<string, unknown>).final_status;
    if (status !== undefined && !FINAL_STATUSES.includes(status as JobFinalStatus)) {
      return {
        ok: false,
        problems: [
          `job.error.payload.final_status must be one of ${FINAL_STATUSES.join(', ')}; received ${JSON.stringify(status)}`,
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
  if (type === 'tool_result') {
    const outer = record(env.payload) ?? record(env.body);
    if (!outer)
      return { ok: false, problems: ['tool_result must carry a payload (or body) object'] };
    const body = record(outer.body) ?? outer;
    if ('result' in body && 'error' in body) {
      return { ok: false, problems: ['tool_result body must not carry both result and error'] };
    }
    if (!('error' in body)) return { ok: false, problems: ['tool_result body carries no error'] };
    const check = validateErrorPayload(body.error, 'tool_result.error');
    if (!check.ok) return check;
    const callId = outer.call_id ?? body.call_id;
    const found: LocatedPayload = { ok: true, type, payload: check.payload };
    if (typeof callId === 'string') found.callId = callId;
    return found;
  }
  return {
    ok: false,
    problems: [
      `envelope.type must be session.error, job.error or tool_result; received ${typeof type === 'string' ? JSON.stringify(type) : typeof type}`,
    ],
  };
}

/**
 * Read an ARCP error envelope: `session.error`, `job.error` or a `tool_result` carrying `error`,
 * giving the {@link ARCPError} subclass for its payload, or every problem found. A `tool_result`
 * body may sit in `payload` or in `body` (ARCP §12 writes `tool_result.body.error`); one with both
 * `result` and `error` is rejected, and one with only `result` is not an error.
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
