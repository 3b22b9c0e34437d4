import type { WireInfo } from './agent-error.js';
import { isErrorCategory, isProtocol } from './categories.js';
import type { ErrorCategory } from './categories.js';

/** A read through a hostile getter or Proxy trap reads as absent. */
function read(get: () => unknown): unknown {
  try {
    return get();
  } catch {
    return undefined;
  }
}

/**
 * The hub's fields as they ride on another protocol's wire (`data.agentError` in the JSON-RPC
 * family, a typed detail in A2A, members of a problem document or a ToolError block).
 */
export interface WireHints {
  code: string;
  category: ErrorCategory;
  retryable: boolean;
  retryAfterMs?: number;
}

/** A retry delay as received: a finite number of milliseconds ≥ 0, else `undefined`. */
export function validDelayMs(value: unknown): number | undefined {
  return typeof value === 'number' && value >= 0 && Number.isFinite(value) ? value : undefined;
}

/** `details` as received: a plain object, else `undefined`. */
export function validDetails(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/**
 * The hub fields `value` carries — `code`, `category`, `retryable`, `retryAfterMs` — each kept
 * only when it is well formed: the one lenient reader every decoder uses for them.
 *
 * @example
 * readHubFields({ category: 'rate_limit', retryAfterMs: -1 }); // { category: 'rate_limit' }
 */
export function readHubFields(value: Record<string, unknown>): Partial<WireHints> {
  const out: Partial<WireHints> = {};
  const code = read(() => value.code);
  if (typeof code === 'string' && code !== '') out.code = code;
  const category = read(() => value.category);
  if (isErrorCategory(category)) out.category = category;
  const retryable = read(() => value.retryable);
  if (typeof retryable === 'boolean') out.retryable = retryable;
  const delay = validDelayMs(read(() => value.retryAfterMs));
  if (delay !== undefined) out.retryAfterMs = delay;
  return out;
}

/** The optional fields {@link lenientOptions} found, each `undefined` when absent or malformed. */
export interface LenientFields {
  code: string | undefined;
  retryable: boolean | undefined;
  retryAfterMs: number | undefined;
  details: Record<string, unknown> | undefined;
  wire: WireInfo | undefined;
  /** The exposure mark, kept only when it is `true`. */
  unexpected: true | undefined;
  errorId: string | undefined;
}

/**
 * The optional fields of an error-shaped value that are well-formed, for rebuilding an
 * `AgentError` from a copy (JSON, structured clone, another process): malformed ones are left
 * out instead of failing the whole conversion. Each member is read by name, and the result
 * always has one shape.
 */
export function lenientOptions(value: object): LenientFields {
  const v = value as Record<string, unknown>;
  const code = read(() => v.code);
  const retryable = read(() => v.retryable);
  const retryAfterMs = read(() => v.retryAfterMs);
  const details = read(() => v.details);
  const wire = read(() => v.wire) as Record<string, unknown> | null | undefined;
  const unexpected = read(() => v.unexpected);
  const errorId = read(() => v.errorId);
  return {
    unexpected: unexpected === true ? true : undefined,
    errorId: typeof errorId === 'string' && errorId !== '' ? errorId : undefined,
    code: typeof code === 'string' && code !== '' ? code : undefined,
    retryable: typeof retryable === 'boolean' ? retryable : undefined,
    retryAfterMs: validDelayMs(retryAfterMs),
    details: validDetails(details),
    wire:
      wire !== null &&
      typeof wire === 'object' &&
      isProtocol(wire.protocol) &&
      (typeof wire.code === 'number' || typeof wire.code === 'string')
        ? wire.data !== undefined
          ? {
              protocol: wire.protocol,
              code: wire.code,
              message: typeof wire.message === 'string' ? wire.message : '',
              data: wire.data,
            }
          : {
              protocol: wire.protocol,
              code: wire.code,
              message: typeof wire.message === 'string' ? wire.message : '',
            }
        : undefined,
  };
}
