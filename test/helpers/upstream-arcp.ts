// Upstream @arcp/core (packages/core/src/errors.ts) is not installed: its classes are reproduced
// here as that file builds them — `new ARCPError({ code, message, retryable?, details? })`,
// `retryable` defaulting from the code, `details` always a frozen object, and a subclass per code
// that only sets its `name`.

/** Upstream's `ARCPError`. */
export class UpstreamARCPError extends Error {
  readonly code: string;
  readonly retryable: boolean;
  readonly details: Readonly<Record<string, unknown>>;
  constructor(opts: { code: string; message: string; retryable?: boolean; details?: object }) {
    super(opts.message);
    this.name = 'ARCPError';
    this.code = opts.code;
    this.retryable = opts.retryable ?? ['INTERNAL_ERROR', 'TIMEOUT'].includes(opts.code);
    this.details = Object.freeze({ ...(opts.details ?? {}) });
  }
}

/** Upstream's `PermissionDeniedError`. */
export class UpstreamPermissionDeniedError extends UpstreamARCPError {
  constructor(message: string) {
    super({ code: 'PERMISSION_DENIED', message });
    this.name = 'PermissionDeniedError';
  }
}
