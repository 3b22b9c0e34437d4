/**
 * The `google.rpc.Status` that gRPC servers with the rich error model put, serialised, in the
 * `grpc-status-details-bin` trailer, and the binary detail values Connect-RPC sends in JSON. Only
 * what a client needs that the status code and message do not say is read: `RetryInfo`'s delay,
 * and whether a `QuotaFailure` is there.
 */
const RETRY_INFO = 'google.rpc.RetryInfo';
const QUOTA_FAILURE = 'google.rpc.QuotaFailure';
// A status with more than this is not one a server sends to say "wait": not parsed.
const MAX_DETAILS_BYTES = 16_384;

/** What {@link readStatusDetails} found. */
export interface StatusDetails {
  retryDelayMs: number | undefined;
  quotaFailure: boolean;
}

/**
 * The details of a serialised `google.rpc.Status`: field 3 holds `Any` messages (1: type URL,
 * 2: value). Anything malformed reads as absent.
 */
export function readStatusDetails(bytes: Uint8Array): StatusDetails {
  const found: StatusDetails = { retryDelayMs: undefined, quotaFailure: false };
  if (bytes.length > MAX_DETAILS_BYTES) return found;
  for (const [field, any] of fields(bytes)) {
    if (field !== 3 || !(any instanceof Uint8Array)) continue;
    let type = '';
    let value: Uint8Array | undefined;
    for (const [f, v] of fields(any)) {
      if (f === 1 && v instanceof Uint8Array) type = new TextDecoder().decode(v);
      else if (f === 2 && v instanceof Uint8Array) value = v;
    }
    if (type.endsWith(QUOTA_FAILURE)) found.quotaFailure = true;
    else if (type.endsWith(RETRY_INFO) && value !== undefined && found.retryDelayMs === undefined)
      found.retryDelayMs = retryInfoDelay(value);
  }
  return found;
}

/**
 * `retry_delay` of a serialised `google.rpc.RetryInfo`: field 1 is a `Duration` (1: seconds,
 * 2: nanos), in milliseconds.
 */
export function retryInfoDelay(value: Uint8Array): number | undefined {
  for (const [f, duration] of fields(value)) {
    if (f !== 1 || !(duration instanceof Uint8Array)) continue;
    let seconds = 0;
    let nanos = 0;
    for (const [g, n] of fields(duration)) {
      if (g === 1 && typeof n === 'number') seconds = n;
      else if (g === 2 && typeof n === 'number') nanos = n;
    }
    const ms = seconds * 1000 + Math.round(nanos / 1e6);
    return Number.isSafeInteger(ms) && ms >= 0 ? ms : undefined;
  }
  return undefined;
}

/**
 * The fields of one protobuf message, in order: varints as numbers, length-delimited fields as
 * byte views; fixed-width fields are skipped. Stops at the first malformed byte.
 */
function* fields(bytes: Uint8Array): Generator<[number, number | Uint8Array]> {
  let at = 0;
  const varint = (): number | undefined => {
    let result = 0;
    for (let shift = 0; shift < 64 && at < bytes.length; shift += 7) {
      const byte = bytes[at++] ?? 0;
      result += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return result;
    }
    return undefined;
  };
  while (at < bytes.length) {
    const tag = varint();
    if (tag === undefined) return;
    const field = Math.floor(tag / 8);
    switch (tag % 8) {
      case 0: {
        const n = varint();
        if (n === undefined) return;
        yield [field, n];
        break;
      }
      case 2: {
        const length = varint();
        if (length === undefined || at + length > bytes.length) return;
        yield [field, bytes.subarray(at, at + length)];
        at += length;
        break;
      }
      case 1:
        at += 8;
        break;
      case 5:
        at += 4;
        break;
      default:
        return;
    }
  }
}
