import { timerDelay } from '../core/timer-delay.js';
import { AgentError } from '../core/agent-error.js';
import type { Clock } from './clock.js';

/**
 * The header that carries {@link RetryAttempt.attempt} to an HTTP server (`1` for the first
 * call, `2` for the first retry, …), for its logs and its idempotency store. Nothing sends it
 * for you: set it where the request is built.
 *
 * @example
 * await retry(({ attempt, idempotencyKey, signal }) =>
 *   fetch(url, { method: 'POST', signal, headers: { [RETRY_ATTEMPT_HEADER]: String(attempt), 'idempotency-key': idempotencyKey } }),
 * );
 */
export const RETRY_ATTEMPT_HEADER = 'x-retry-attempt';

/** What {@link retry} passes to every attempt (frozen). */
export interface RetryAttempt {
  /** 1 for the first call, 2 for the first retry, … Send it on (see {@link RETRY_ATTEMPT_HEADER}). */
  readonly attempt: number;
  /** The same for every attempt of one logical call: send it so the server can deduplicate. */
  readonly idempotencyKey: string;
  /**
   * Aborts when the caller's `signal` does, or when this attempt runs out of `attemptTimeoutMs`;
   * pass it on to the work.
   */
  readonly signal: AbortSignal;
  /**
   * Say that the request has been written, or that output has reached your caller: from here on
   * a failure of this attempt has an unknown outcome, and it is retried only when the call is
   * idempotent. (Timeouts and dropped connections are treated so without it.)
   */
  readonly markSent: () => void;
  /**
   * When the whole call must be over (`maxElapsedMs` after the first attempt began), on the
   * retry clock's scale (`Date.now()` with the system clock); `Infinity` when it has no deadline.
   */
  readonly deadline: number;
  /**
   * What is left of the call's time, in ms (never below 0; `Infinity` without a deadline). Hand
   * it on: `grpcTimeout(remainingMs)` for a `grpc-timeout` header, `mcpRequestOptions` for an MCP
   * request; `signal` already aborts at the deadline.
   */
  readonly remainingMs: number;
}

/**
 * What the attempts of one logical call share. The idempotency key and the call's signal are
 * made on first use: most attempts read neither, and each costs more than the rest of a call.
 * @internal
 */
export class CallState {
  readonly deadline: number;
  readonly clock: Clock;
  readonly #maxElapsedMs: number;
  readonly #callerSignal: AbortSignal | undefined;
  #key: string | undefined;
  #signal: AbortSignal | undefined;
  #deadlineSignal: AbortSignal | undefined;
  #deadlineTimer: unknown;
  #onCallerAbort: (() => void) | undefined;
  /** The caller gave the key, or an attempt took it: the requests carry it. */
  #carried: boolean;

  constructor(
    key: string | undefined,
    clock: Clock,
    maxElapsedMs: number,
    callerSignal: AbortSignal | undefined,
  ) {
    this.#key = key;
    this.#carried = key !== undefined;
    this.clock = clock;
    this.#maxElapsedMs = maxElapsedMs;
    this.#callerSignal = callerSignal;
    this.deadline = clock.now() + maxElapsedMs;
  }

  /** What is left before the deadline, in ms, never below 0. */
  remainingMs(): number {
    return Math.max(0, this.deadline - this.clock.now());
  }

  /** The error an attempt is aborted with when the call's time runs out. */
  deadlineError(): AgentError {
    return AgentError.timeout(`The call ran out of time (maxElapsedMs ${this.#maxElapsedMs} ms)`, {
      code: 'DEADLINE_EXCEEDED',
      details: { maxElapsedMs: this.#maxElapsedMs },
      captureStack: false,
    });
  }

  key(): string {
    this.#carried = true;
    return (this.#key ??= newIdempotencyKey());
  }

  /** Whether the call's requests carry its idempotency key (as far as retry can tell). */
  get carriesKey(): boolean {
    return this.#carried;
  }

  /**
   * The signal of attempts without a timeout of their own: it aborts when the caller's does or
   * at the deadline. Without a deadline it is the caller's, or one that never aborts (so that
   * listeners attempts add are released with the call instead of piling up on a shared one).
   */
  signal(): AbortSignal {
    if (this.#signal !== undefined) return this.#signal;
    if (this.deadline === Infinity)
      return (this.#signal = this.#callerSignal ?? new AbortController().signal);
    const controller = new AbortController();
    this.#signal = this.#deadlineSignal = controller.signal;
    const caller = this.#callerSignal;
    if (caller?.aborted) {
      controller.abort(caller.reason);
      return this.#signal;
    }
    if (caller !== undefined) {
      this.#onCallerAbort = () => {
        this.dispose();
        controller.abort(caller.reason);
      };
      caller.addEventListener('abort', this.#onCallerAbort, { once: true });
    }
    this.#deadlineTimer = this.clock.setTimeout(() => {
      this.#deadlineTimer = undefined;
      controller.abort(this.deadlineError());
    }, timerDelay(this.remainingMs()));
    return this.#signal;
  }

  /** The deadline signal, when an attempt asked for one: what the call's attempts race. */
  get deadlineSignal(): AbortSignal | undefined {
    return this.#deadlineSignal;
  }

  /** The call is over: its deadline timer and caller listener go. */
  dispose(): void {
    if (this.#deadlineTimer !== undefined) {
      this.clock.clearTimeout(this.#deadlineTimer);
      this.#deadlineTimer = undefined;
    }
    if (this.#onCallerAbort !== undefined) {
      this.#callerSignal?.removeEventListener('abort', this.#onCallerAbort);
      this.#onCallerAbort = undefined;
    }
  }
}

function newIdempotencyKey(): string {
  const crypto = globalThis.crypto as Crypto | undefined;
  if (typeof crypto?.randomUUID !== 'function') {
    throw new TypeError(
      'retry: globalThis.crypto.randomUUID is not available; pass options.idempotencyKey',
    );
  }
  return crypto.randomUUID();
}

/** One attempt's context; its getters read the call's lazily made key and signal. @internal */
export class AttemptContext implements RetryAttempt {
  readonly attempt: number;
  readonly markSent: () => void;
  readonly #call: CallState;
  readonly #signal: AbortSignal | undefined;
  #sent = false;

  constructor(call: CallState, attempt: number, signal: AbortSignal | undefined) {
    this.attempt = attempt;
    this.#call = call;
    this.#signal = signal;
    // An own function, so that `({ markSent }) => …` works.
    this.markSent = () => {
      this.#sent = true;
    };
    Object.freeze(this);
  }

  get idempotencyKey(): string {
    return this.#call.key();
  }

  get signal(): AbortSignal {
    return this.#signal ?? this.#call.signal();
  }

  get deadline(): number {
    return this.#call.deadline;
  }

  get remainingMs(): number {
    return this.#call.remainingMs();
  }

  /** Whether the attempt called `markSent()`. */
  get sent(): boolean {
    return this.#sent;
  }
}

/**
 * Run one attempt with a timeout of its own: the attempt gets a signal that aborts when the
 * caller's does or when `timeoutMs` runs out, and this settles at that moment whatever `fn`
 * does — with the caller's abort reason, or an `ATTEMPT_TIMEOUT` timeout error. A failure `fn`
 * reports later is observed and dropped.
 * @internal
 */
export function runWithTimeout<T>(
  fn: (attempt: RetryAttempt) => T | PromiseLike<T>,
  call: CallState,
  attempt: number,
  callerSignal: AbortSignal | undefined,
  attemptTimeoutMs: number,
): { context: AttemptContext; result: Promise<T> } {
  const clock = call.clock;
  // attemptTimeoutMs, clamped to what is left of the call's time.
  const remainingMs = call.remainingMs();
  const timeoutMs = Math.min(attemptTimeoutMs, remainingMs);
  const controller = new AbortController();
  const context = new AttemptContext(call, attempt, controller.signal);
  const onCallerAbort = (): void => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  const timer = clock.setTimeout(() => {
    controller.abort(
      remainingMs < attemptTimeoutMs
        ? call.deadlineError()
        : AgentError.timeout(
            `Attempt ${attempt} took longer than attemptTimeoutMs (${timeoutMs} ms)`,
            {
              code: 'ATTEMPT_TIMEOUT',
              details: { attempt, attemptTimeoutMs: timeoutMs },
              captureStack: false,
            },
          ),
    );
  }, timerDelay(timeoutMs));
  const result = new Promise<T>((resolve, reject) => {
    const signal = controller.signal;
    const done = (): void => {
      clock.clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
      signal.removeEventListener('abort', onAbort);
    };
    const onAbort = (): void => {
      done();
      reject(signal.reason as Error);
    };
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    let work: Promise<T>;
    try {
      work = Promise.resolve(fn(context));
    } catch (thrown) {
      // Passed through untouched, as an asynchronous failure would be.
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      work = Promise.reject(thrown);
    }
    work.then(
      (value) => {
        done();
        resolve(value);
      },
      (error: unknown) => {
        done();
        // Passed through untouched: retry classifies whatever the attempt threw.
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
        reject(error);
      },
    );
  });
  return { context, result };
}
