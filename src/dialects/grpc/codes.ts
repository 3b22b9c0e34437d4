import type { ErrorCategory } from '../../core/categories.js';
import type { StableErrorCode } from '../../core/stable-codes.js';

/** One gRPC status code and what it means to an agent. */
export interface GrpcRow {
  readonly name: string;
  readonly code: number;
  readonly category: ErrorCategory;
  /**
   * The code `decode` gives it: the one stable code of the condition, as an HTTP status or a
   * provider body with the same meaning decodes to (`RESOURCE_EXHAUSTED` is `RATE_LIMITED`). The
   * status name stays in `details.grpcStatus`.
   */
  readonly stable: StableErrorCode;
  /** Per AIP-194: only UNAVAILABLE retries unless the server says when (`RetryInfo`). */
  readonly retryable: boolean;
}

/**
 * The sixteen canonical gRPC status codes (`google.rpc.Code`), read in both directions. Retry
 * follows AIP-194: only `UNAVAILABLE` is retried by default; `DEADLINE_EXCEEDED`, `CANCELLED`,
 * `RESOURCE_EXHAUSTED` and `ABORTED` are not, unless a `RetryInfo` detail says when.
 */
const ROWS = [
  { name: 'CANCELLED', code: 1, category: 'cancelled', stable: 'CANCELLED', retryable: false },
  { name: 'UNKNOWN', code: 2, category: 'internal', stable: 'SERVER_ERROR', retryable: false },
  {
    name: 'INVALID_ARGUMENT',
    code: 3,
    category: 'validation',
    stable: 'VALIDATION_ERROR',
    retryable: false,
  },
  { name: 'DEADLINE_EXCEEDED', code: 4, category: 'timeout', stable: 'TIMEOUT', retryable: false },
  { name: 'NOT_FOUND', code: 5, category: 'not_found', stable: 'NOT_FOUND', retryable: false },
  { name: 'ALREADY_EXISTS', code: 6, category: 'conflict', stable: 'CONFLICT', retryable: false },
  {
    name: 'PERMISSION_DENIED',
    code: 7,
    category: 'permission',
    stable: 'PERMISSION_DENIED',
    retryable: false,
  },
  {
    name: 'RESOURCE_EXHAUSTED',
    code: 8,
    category: 'rate_limit',
    stable: 'RATE_LIMITED',
    retryable: false,
  },
  {
    name: 'FAILED_PRECONDITION',
    code: 9,
    category: 'conflict',
    stable: 'PRECONDITION_FAILED',
    retryable: false,
  },
  { name: 'ABORTED', code: 10, category: 'conflict', stable: 'CONFLICT', retryable: false },
  {
    name: 'OUT_OF_RANGE',
    code: 11,
    category: 'validation',
    stable: 'VALIDATION_ERROR',
    retryable: false,
  },
  {
    name: 'UNIMPLEMENTED',
    code: 12,
    category: 'protocol',
    stable: 'NOT_IMPLEMENTED',
    retryable: false,
  },
  { name: 'INTERNAL', code: 13, category: 'internal', stable: 'SERVER_ERROR', retryable: false },
  {
    name: 'UNAVAILABLE',
    code: 14,
    category: 'unavailable',
    stable: 'UNAVAILABLE',
    retryable: true,
  },
  { name: 'DATA_LOSS', code: 15, category: 'internal', stable: 'SERVER_ERROR', retryable: false },
  { name: 'UNAUTHENTICATED', code: 16, category: 'auth', stable: 'AUTH_ERROR', retryable: false },
] as const satisfies readonly GrpcRow[];

/** One of the gRPC status names, e.g. `'NOT_FOUND'`. */
export type GrpcStatusName = (typeof ROWS)[number]['name'];

/**
 * The gRPC status codes by name (`OK` is 0 and is no error).
 *
 * @example
 * GRPC_STATUS_CODES.UNAVAILABLE; // 14
 */
export const GRPC_STATUS_CODES: { readonly [R in (typeof ROWS)[number] as R['name']]: R['code'] } =
  /* @__PURE__ */ Object.freeze(Object.fromEntries(ROWS.map((r) => [r.name, r.code]))) as never; // pure: left out of a bundle that never reads it

const BY_CODE: ReadonlyMap<number, GrpcRow> = new Map(ROWS.map((r) => [r.code, r]));
// Connect-RPC writes the names in lower case (`not_found`); both are looked up.
// (and spells one of them `canceled`).
const BY_NAME: ReadonlyMap<string, GrpcRow> = new Map<string, GrpcRow>([
  ...ROWS.flatMap((r) => [[r.name, r] as const, [r.name.toLowerCase(), r] as const]),
  ['canceled', ROWS[0]],
]);

// Connect-RPC's own spellings: the names in lower case, `canceled` for CANCELLED.
const CONNECT_NAMES: ReadonlySet<string> = new Set([
  ...ROWS.map((r) => r.name.toLowerCase()),
  'canceled',
]);

/** Whether `code` is a Connect-RPC error code (`not_found`, `resource_exhausted`, …). */
export function isConnectCode(code: string): boolean {
  return CONNECT_NAMES.has(code);
}

/** The row of a numeric status code or a status name (either case), if it is one. */
export function grpcRow(codeOrName: unknown): GrpcRow | undefined {
  if (typeof codeOrName === 'number') return BY_CODE.get(codeOrName);
  return typeof codeOrName === 'string' ? BY_NAME.get(codeOrName) : undefined;
}

// What an error of each category is sent as when its own code names no status.
const STATUS_BY_CATEGORY: Readonly<Record<ErrorCategory, GrpcStatusName>> = {
  auth: 'UNAUTHENTICATED',
  permission: 'PERMISSION_DENIED',
  not_found: 'NOT_FOUND',
  validation: 'INVALID_ARGUMENT',
  rate_limit: 'RESOURCE_EXHAUSTED',
  quota: 'RESOURCE_EXHAUSTED',
  timeout: 'DEADLINE_EXCEEDED',
  cancelled: 'CANCELLED',
  conflict: 'ABORTED',
  unavailable: 'UNAVAILABLE',
  protocol: 'UNIMPLEMENTED',
  internal: 'INTERNAL',
};

/** The status to send for an error of `category`. */
export function grpcStatusFor(category: ErrorCategory): GrpcRow {
  return BY_NAME.get(STATUS_BY_CATEGORY[category]) as GrpcRow;
}
