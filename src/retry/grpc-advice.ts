/**
 * What a gRPC server said about retrying, read from what an attempt threw: a `@grpc/grpc-js`
 * `ServiceError` (or anything with `metadata`). The HTTP equivalents (`x-should-retry`,
 * `retry-after-ms`, `Retry-After`) are read by the classifier into the error's `retryable` and
 * `retryAfterMs`; gRPC's travel in trailers the classifier does not see.
 *
 * - `grpc-retry-pushback-ms` (gRFC A6): a non-negative integer is the wait; any other value
 *   means "do not retry".
 * - `google.rpc.RetryInfo` in the status details: binary in the `grpc-status-details-bin`
 *   trailer, or as JSON in a `details` array (`{ '@type': '…RetryInfo', retryDelay: '1.5s' }`).
 *
 * @internal
 */
export type GrpcAdvice =
  { readonly retry: false } | { readonly retry: true; readonly waitMs: number };

const PUSHBACK = 'grpc-retry-pushback-ms';
const STATUS_DETAILS = 'grpc-status-details-bin';
const RETRY_INFO = 'google.rpc.RetryInfo';
// A status with more than this is not one a server sends to say "wait": not parsed.
const MAX_DETAILS_BYTES = 16_384;

/** @internal */
export function grpcAdvice(thrown: unknown): GrpcAdvice | undefined {
  if (thrown === null || typeof thrown !== 'object') return undefined;
  try {
    const { metadata, details } = thrown as { metadata?: unknown; details?: unknown };
    if (metadata !== null && typeof metadata === 'object') {
      const pushback = firstValue(metadata, PUSHBACK);
      if (pushback !== undefined) {
        const text = typeof pushback === 'string' ? pushback.trim() : '';
        return /^\d{1,15}$/.test(text) ? { retry: true, waitMs: Number(text) } : { retry: false };
      }
      const bin = firstValue(metadata, STATUS_DETAILS);
      const waitMs = bin instanceof Uint8Array ? retryDelayFromStatus(bin) : undefined;
      if (waitMs !== undefined) return { retry: true, waitMs };
    }
    if (Array.isArray(details)) {
      const waitMs = retryDelayFromJson(details);
      if (waitMs !== undefined) return { retry: true, waitMs };
    }
  } catch {
    // A getter that throws, metadata of another shape: the server's advice is unreadable.
  }
  return undefined;
}

/** The first value of `key` in grpc-js `Metadata` (`get` returns a list) or a plain record. */
function firstValue(metadata: object, key: string): unknown {
  const get = (metadata as { get?: unknown }).get;
  const values: unknown =
    typeof get === 'function'
      ? (get as (k: string) => unknown).call(metadata, key)
      : (metadata as Record<string, unknown>)[key];
  return Array.isArray(values) ? (values as unknown[])[0] : values;
}

function retryDelayFromJson(details: readonly unknown[]): number | undefined {
  for (const detail of details.slice(0, 20)) {
    if (detail === null || typeof detail !== 'object') continue;
    const { '@type': type, retryDelay } = detail as Record<string, unknown>;
    if (typeof type !== 'string' || !type.endsWith(RETRY_INFO)) continue;
    // A protobuf Duration in JSON: decimal seconds with an `s`, e.g. "1.500s".
    const m =
      typeof retryDelay === 'string' ? /^(\d{1,12})(?:\.(\d{1,9}))?s$/.exec(retryDelay) : null;
    if (m) return Number(m[1]) * 1000 + Math.round(Number(`0.${m[2] ?? '0'}`) * 1000);
  }
  return undefined;
}

/**
 * `RetryInfo.retry_delay` out of a serialised `google.rpc.Status`: field 3 holds `Any`
 * messages (1: type URL, 2: value); RetryInfo's field 1 is a `Duration` (1: seconds,
 * 2: nanos). Only these fields are read; anything malformed gives `undefined`.
 */
function retryDelayFromStatus(bytes: Uint8Array): number | undefined {
  if (bytes.length > MAX_DETAILS_BYTES) return undefined;
  for (const [field, any] of fields(bytes)) {
    if (field !== 3 || !(any instanceof Uint8Array)) continue;
    let type = '';
    let value: Uint8Array | undefined;
    for (const [f, v] of fields(any)) {
      if (f === 1 && v instanceof Uint8Array) type = new TextDecoder().decode(v);
      else if (f === 2 && v instanceof Uint8Array) value = v;
    }
    if (!type.endsWith(RETRY_INFO) || value === undefined) continue;
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
