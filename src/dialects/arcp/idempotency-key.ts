import { asRecord } from '../../core/is.js';
/**
 * The top-level envelope field in which this library puts the attempt number of a retried
 * `job.submit` (1 for the first submit). ARCP §5 tells implementations to ignore top-level
 * envelope fields they do not know, so a runtime that does not read it is unaffected; one that
 * does can log it next to the job. Namespaced like the library's MCP `_meta` keys.
 *
 * @example
 * const envelope = { arcp: '1.1', type: 'job.submit', [ARCP_ATTEMPT_FIELD]: attempt, payload };
 */
export const ARCP_ATTEMPT_FIELD = 'dev.agent-errors/attempt';

/**
 * The idempotency key of an ARCP `job.submit` (ARCP §7.2: `payload.idempotency_key`), given
 * the envelope or its payload, or `undefined` when there is none. Shaped as `withIdempotency`'s
 * `keyOf`: the first argument is read. Hand the handler the payload rather than the envelope:
 * the envelope's own `id` changes with every resubmission, and the default fingerprint would
 * then call each retry a conflicting reuse of the key. Never throws.
 *
 * @example
 * const submit = withIdempotency(store, (payload: JobSubmitPayload) => startJob(payload), {
 *   keyOf: arcpIdempotencyKeyOf,
 * });
 */
export function arcpIdempotencyKeyOf(submit: unknown): string | undefined {
  try {
    const outer = asRecord(submit);
    const payload = asRecord(outer?.payload) ?? outer;
    const key = payload?.idempotency_key;
    return typeof key === 'string' && key !== '' ? key : undefined;
  } catch {
    return undefined;
  }
}
