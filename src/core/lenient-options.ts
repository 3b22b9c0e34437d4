import type { WireInfo } from './agent-error.js';
import { isProtocol } from './categories.js';

/** A read through a hostile getter or Proxy trap reads as absent. */
function read(get: () => unknown): unknown {
  try {
    return get();
  } catch {
    return undefined;
  }
}

/** The optional fields {@link lenientOptions} found, each `undefined` when absent or malformed. */
export interface LenientFields {
  code: string | undefined;
  retryable: boolean | undefined;
  retryAfterMs: number | undefined;
  details: Record<string, unknown> | undefined;
  wire: WireInfo | undefined;
}

/**
 * The optional fields of an error-shaped value that are well-formed, for rebuilding an
 * `AgentError` from a copy (JSON, structured clone, another process): malformed ones are left
 * out instead of failing the whole conversion. Named loads (a keyed read is several times
 * slower on varied shapes), and one result shape.
 */
export function lenientOptions(value: object): LenientFields {
  const v = value as Record<string, unknown>;
  const code = read(() => v.code);
  const retryable = read(() => v.retryable);
  const retryAfterMs = read(() => v.retryAfterMs);
  const details = read(() => v.details);
  const wire = read(() => v.wire) as Record<string, unknown> | null | undefined;
  return {
    code: typeof code === 'string' && code !== '' ? code : undefined,
    retryable: typeof retryable === 'boolean' ? retryable : undefined,
    retryAfterMs:
      typeof retryAfterMs === 'number' && retryAfterMs >= 0 && Number.isFinite(retryAfterMs)
        ? retryAfterMs
        : undefined,
    details:
      details !== null && typeof details === 'object' && !Array.isArray(details)
        ? (details as Record<string, unknown>)
        : undefined,
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
