import type { AgentErrorOptions } from './agent-error.js';
import { isProtocol } from './categories.js';

function read(value: object, key: string): unknown {
  try {
    return (value as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

/**
 * The optional fields of an error-shaped value that are well-formed, for rebuilding an
 * `AgentError` from a copy (JSON, structured clone, another process): malformed ones are left
 * out instead of failing the whole conversion.
 */
export function lenientOptions(
  value: object,
): Pick<AgentErrorOptions, 'code' | 'retryable' | 'retryAfterMs' | 'details' | 'wire'> {
  const out: Pick<AgentErrorOptions, 'code' | 'retryable' | 'retryAfterMs' | 'details' | 'wire'> =
    {};
  const code = read(value, 'code');
  if (typeof code === 'string' && code !== '') out.code = code;
  const retryable = read(value, 'retryable');
  if (typeof retryable === 'boolean') out.retryable = retryable;
  const retryAfterMs = read(value, 'retryAfterMs');
  if (typeof retryAfterMs === 'number' && retryAfterMs >= 0 && Number.isFinite(retryAfterMs)) {
    out.retryAfterMs = retryAfterMs;
  }
  const details = read(value, 'details');
  if (details !== null && typeof details === 'object' && !Array.isArray(details)) {
    out.details = details as Record<string, unknown>;
  }
  const wire = read(value, 'wire') as Record<string, unknown> | null | undefined;
  if (
    wire !== null &&
    typeof wire === 'object' &&
    isProtocol(wire.protocol) &&
    (typeof wire.code === 'number' || typeof wire.code === 'string')
  ) {
    out.wire = {
      protocol: wire.protocol,
      code: wire.code,
      message: typeof wire.message === 'string' ? wire.message : '',
      ...(wire.data !== undefined ? { data: wire.data } : {}),
    };
  }
  return out;
}
