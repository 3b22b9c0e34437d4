import { MAX_TIMER_MS } from '../core/timer-delay.js';
import { AgentError } from '../core/agent-error.js';
import { redactThenCut } from '../core/sanitize-message.js';
import type { ErrorCodec } from './error-codec.js';
import type { RequestId, JsonRpcResponse } from './messages.js';

interface Entry {
  resolve(value: unknown): void;
  reject(error: unknown): void;
  readonly method: string;
  timer: ReturnType<typeof setTimeout> | undefined;
  readonly timeoutMs: number;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

const MAX_REASON_LENGTH = 200;

function reasonText(reason: unknown): string | undefined {
  let text: unknown = reason;
  if (reason !== null && typeof reason === 'object') {
    try {
      text = (reason as { message?: unknown }).message;
    } catch {
      text = undefined;
    }
  }
  if (typeof text !== 'string' || text === '') return undefined;
  // The reason goes to the peer in the cancel notification: its secrets go before the cut.
  return redactThenCut(text, MAX_REASON_LENGTH);
}

function isTimeoutReason(reason: unknown): boolean {
  try {
    return (
      reason !== null &&
      typeof reason === 'object' &&
      (reason as { name?: unknown }).name === 'TimeoutError'
    );
  } catch {
    return false;
  }
}

/**
 * The calls one peer is waiting on: id allocation, correlation, timeouts and aborts. Every entry
 * leaves the map exactly once — answered, timed out, aborted, or rejected at close — and takes
 * its timer and abort listener with it.
 */
export class PendingRequests {
  readonly #map = new Map<RequestId, Entry>();
  readonly #codec: ErrorCodec;
  readonly #onCancel: (id: RequestId, reason: string | undefined) => void;
  #next = 1;

  /** @param onCancel sends the protocol's cancel notification for a call given up locally. */
  constructor(codec: ErrorCodec, onCancel: (id: RequestId, reason: string | undefined) => void) {
    this.#codec = codec;
    this.#onCancel = onCancel;
  }

  get size(): number {
    return this.#map.size;
  }

  add<R>(
    method: string,
    params: unknown,
    timeoutMs: number,
    signal: AbortSignal | undefined,
    send: (text: string) => unknown,
  ): Promise<R> {
    if (typeof timeoutMs !== 'number' || !(timeoutMs > 0)) {
      return Promise.reject(
        new TypeError('request: options.timeoutMs must be a number of milliseconds > 0'),
      );
    }
    if (params !== undefined && (params === null || typeof params !== 'object')) {
      return Promise.reject(
        new TypeError(
          `request ${method}: params must be an array or an object (JSON-RPC 2.0 §4.2)`,
        ),
      );
    }
    if (signal?.aborted) return Promise.reject(this.#abortError(method, signal.reason));
    const id = this.#next++;
    let text: string;
    try {
      text = JSON.stringify(
        params === undefined
          ? { jsonrpc: '2.0', id, method }
          : { jsonrpc: '2.0', id, method, params },
      );
    } catch (error) {
      return Promise.reject(
        AgentError.validation(`request ${method}: params cannot be serialised as JSON`, {
          cause: error,
          captureStack: false,
        }),
      );
    }
    return new Promise<R>((resolve, reject) => {
      const entry: Entry = {
        resolve,
        reject,
        method,
        timer: undefined,
        timeoutMs,
        signal,
        onAbort: undefined,
      };
      // A timer cannot wait longer than MAX_TIMER_MS (it would fire at once): treat a longer
      // timeout as none.
      if (timeoutMs <= MAX_TIMER_MS) entry.timer = setTimeout(this.#onTimeout, timeoutMs, id);
      if (signal) {
        entry.onAbort = () => this.#abort(id);
        signal.addEventListener('abort', entry.onAbort, { once: true });
      }
      this.#map.set(id, entry);
      send(text);
    });
  }

  /** Settle the call `response` answers; answers to unknown or given-up ids are ignored. */
  settle(response: JsonRpcResponse): void {
    const id = response.id;
    if (id === null) return;
    const entry = this.#take(id);
    if (!entry) return;
    if ('error' in response) {
      let error: unknown;
      try {
        error = this.#codec.decode(response.error, { method: entry.method, id });
      } catch (failure) {
        error = AgentError.internal(response.error.message, {
          cause: failure,
          captureStack: false,
        });
      }
      entry.reject(error);
    } else {
      entry.resolve(response.result);
    }
  }

  /** Reject every waiting call with `error` (the connection closed). */
  rejectAll(error: unknown): void {
    const entries = [...this.#map.values()];
    this.#map.clear();
    for (const entry of entries) {
      this.#cleanup(entry);
      entry.reject(error);
    }
  }

  #take(id: RequestId): Entry | undefined {
    const entry = this.#map.get(id);
    if (entry === undefined) return undefined;
    this.#map.delete(id);
    this.#cleanup(entry);
    return entry;
  }

  #cleanup(entry: Entry): void {
    if (entry.timer !== undefined) clearTimeout(entry.timer);
    if (entry.onAbort) entry.signal?.removeEventListener('abort', entry.onAbort);
    entry.signal = undefined;
  }

  readonly #onTimeout = (id: RequestId): void => {
    const entry = this.#map.get(id);
    if (!entry) return;
    entry.timer = undefined;
    this.#take(id);
    entry.reject(
      AgentError.timeout(`Request ${entry.method} timed out after ${entry.timeoutMs} ms`, {
        details: { method: entry.method, timeoutMs: entry.timeoutMs },
        captureStack: false,
      }),
    );
    this.#onCancel(id, 'Request timed out');
  };

  #abort(id: RequestId): void {
    const entry = this.#map.get(id);
    if (!entry) return;
    const reason: unknown = entry.signal?.reason;
    this.#take(id);
    entry.reject(this.#abortError(entry.method, reason));
    this.#onCancel(id, reasonText(reason));
  }

  #abortError(method: string, reason: unknown): AgentError {
    // `AbortSignal.timeout()` is a deadline the caller set: report it as one. Any other abort is
    // a cancel, which must never look like a timeout (retry logic would retry it).
    if (isTimeoutReason(reason)) {
      return AgentError.timeout(`Request ${method} timed out`, {
        cause: reason,
        captureStack: false,
      });
    }
    return AgentError.cancelled(`Request ${method} was cancelled`, {
      ...(reason !== undefined ? { cause: reason } : {}),
      captureStack: false,
    });
  }
}
