import { AgentError } from './agent-error.js';
import type { AgentErrorInit } from './agent-error.js';
import { isErrorCategory, isProtocol } from './categories.js';
import { toAgentError } from './to-agent-error.js';

const MAX_CAUSE_DEPTH = 16;

/**
 * Rebuild an {@link AgentError} from what {@link serializeError} produced (or any JSON copy of
 * an error), including its `cause` chain. Fields that are missing or malformed are left out
 * rather than failing; input that is not an error at all is classified by {@link toAgentError}.
 * Never throws.
 *
 * @example
 * const copy = deserializeError(JSON.parse(JSON.stringify(serializeError(AgentError.timeout('slow')))));
 * copy.category; // 'timeout'
 */
export function deserializeError(value: unknown): AgentError {
  return rebuild(value, 0);
}

function rebuild(value: unknown, depth: number): AgentError {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return toAgentError(value);
  try {
    const v = value as Record<string, unknown>;
    if (!isErrorCategory(v.category)) return toAgentError(value);
    const init: AgentErrorInit = { category: v.category, captureStack: false };
    if (typeof v.code === 'string' && v.code !== '') init.code = v.code;
    if (typeof v.retryable === 'boolean') init.retryable = v.retryable;
    if (
      typeof v.retryAfterMs === 'number' &&
      v.retryAfterMs >= 0 &&
      Number.isFinite(v.retryAfterMs)
    ) {
      init.retryAfterMs = v.retryAfterMs;
    }
    if (v.details !== null && typeof v.details === 'object' && !Array.isArray(v.details)) {
      init.details = v.details as Record<string, unknown>;
    }
    const wire = v.wire as Record<string, unknown> | null | undefined;
    if (
      wire !== null &&
      typeof wire === 'object' &&
      isProtocol(wire.protocol) &&
      (typeof wire.code === 'number' || typeof wire.code === 'string')
    ) {
      init.wire = {
        protocol: wire.protocol,
        code: wire.code,
        message: typeof wire.message === 'string' ? wire.message : '',
        ...(wire.data !== undefined ? { data: wire.data } : {}),
      };
    }
    if (v.cause !== undefined) {
      init.cause =
        v.cause !== null && typeof v.cause === 'object' && depth < MAX_CAUSE_DEPTH
          ? rebuild(v.cause, depth + 1)
          : v.cause;
    }
    const error = new AgentError(typeof v.message === 'string' ? v.message : '', init);
    if (typeof v.stack === 'string') error.stack = v.stack;
    return error;
  } catch {
    return toAgentError(value);
  }
}
