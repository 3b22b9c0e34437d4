import { AgentError } from '../core/agent-error.js';
import { cancelNotification, cancelledRequestId } from './cancel.js';
import { Dispatcher, PARSE_ERROR_RESPONSE, invalidRequest } from './dispatcher.js';
import type { OnError } from './dispatcher.js';
import type { ErrorCodec } from './error-codec.js';
import { DEFAULT_MAX_BATCH_SIZE, positiveInteger, stringifyReply } from './handler.js';
import { codecFor } from './codec.js';
import { rpcDialectOf } from '../registry/dialects.js';
import { classifyMessage, failure } from './messages.js';
import { JSONRPC_ERROR_CODES } from '../dialects/jsonrpc/codes.js';
import type { RequestId, JsonRpcNotification, JsonRpcResponse } from './messages.js';
import { AnswerBudget } from './answer-budget.js';
import type { Reservation } from './answer-budget.js';
import { Inbox } from './inbox.js';
import { CallContext, methodEntries, methodEntry } from './methods.js';
import type { MethodDefinition, MethodHandler, Methods } from './methods.js';
import type { Transport, TransportSink } from './transport.js';
import { PendingRequests } from './pending.js';

/** Options for {@link createPeer}. */
export interface PeerOptions {
  /** The channel to the other side. */
  transport: Transport;
  /** Methods this side serves (more can be added with `peer.method()`). */
  methods?: Methods;
  /** How errors are encoded and decoded (default: `codecFor(protocol)`). */
  codec?: ErrorCodec;
  /** Selects the default codec's protocol and cancel notification: `'jsonrpc'` (none), `'acp'`, `'mcp'`, `'lsp'`, `'a2a'`. */
  protocol?: 'jsonrpc' | 'acp' | 'mcp' | 'lsp' | 'a2a';
  /** Default request timeout in ms (default 60,000; `Infinity` for none). */
  timeoutMs?: number;
  /** Receives every error not meant for the peer, with the `errorId` sent in its place. */
  onError?: OnError;
  /** Incoming batches longer than this are refused (default 1,000). */
  maxBatchSize?: number;
  /**
   * At most this many incoming requests are handled at once; each one beyond is answered at
   * once with a retryable `unavailable` error (`OVERLOADED`, -32000 in plain JSON-RPC) and the
   * connection stays open (default 10,000).
   */
  maxInFlight?: number;
}

/** Per-call options of {@link Peer.request}. */
export interface RequestOptions {
  /** Aborting rejects the call with a `cancelled` AgentError and sends the protocol's cancel notification. */
  signal?: AbortSignal;
  /** Overrides the peer's default timeout; `Infinity` for none. */
  timeoutMs?: number;
}

/** A JSON-RPC 2.0 connection: calls out, methods in, over one transport. */
export interface Peer {
  /** Start reading. Returns a disposer that closes the connection. */
  start(): () => void;
  /** Call `method` and wait for its result; rejects with the codec's decoded error. */
  request<R = unknown>(method: string, params?: unknown, options?: RequestOptions): Promise<R>;
  /** Send a notification; resolves when written. */
  notify(method: string, params?: unknown): Promise<void>;
  /** Serve `name`; returns a disposer that removes it. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
  method(name: string, handler: MethodHandler | MethodDefinition<any>): () => void;
  /** Close: rejects every pending call with a connection-closed error, aborts running handlers. */
  close(): Promise<void>;
  /** Settles once the connection is closed, for whatever reason. */
  readonly closed: Promise<void>;
  /** How many calls are waiting for an answer. */
  readonly pendingCount: number;
}

const DEFAULT_MAX_IN_FLIGHT = 10_000;

/** A message that cannot run yet: it is run again once `ready` settles. */
class Later {
  readonly ready: Promise<unknown>;
  constructor(ready: Promise<unknown>) {
    this.ready = ready;
  }
}

/** Stands for a message text that is not JSON. */
const UNPARSABLE = Symbol('unparsable');

function overloaded(max: number): AgentError {
  return AgentError.unavailable(`Too many requests in flight (at most ${max})`, {
    code: 'OVERLOADED',
    captureStack: false,
  });
}

function connectionClosed(error?: unknown): AgentError {
  return AgentError.unavailable('Connection closed', {
    code: 'CONNECTION_CLOSED',
    captureStack: false,
    ...(error !== undefined ? { cause: error } : {}),
  });
}

/**
 * A JSON-RPC 2.0 peer over any {@link Transport}: requests and notifications both ways, id
 * correlation, timeouts (`timeout` errors), cancellation by `AbortSignal` (`cancelled` errors
 * and the protocol's cancel notification), handlers that see the peer's cancels, and
 * connection-closed errors for every pending call when the transport ends.
 *
 * @example
 * const peer = createPeer({ transport: streamTransport({ readable, writable }), protocol: 'acp' });
 * const stop = peer.start();
 * const answer = await peer.request('session/prompt', { prompt }, { timeoutMs: 30_000 });
 * stop();
 */
export function createPeer(options: PeerOptions): Peer {
  const owner = 'createPeer';
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`${owner}: options must be an object with a transport`);
  }
  const { transport } = options;
  if (
    transport === null ||
    typeof transport !== 'object' ||
    typeof transport.start !== 'function' ||
    typeof transport.send !== 'function'
  ) {
    throw new TypeError(`${owner}: options.transport must be a Transport ({ start, send, close })`);
  }
  const protocol = options.protocol ?? options.codec?.protocol ?? 'jsonrpc';
  const codec = options.codec ?? codecFor(options.protocol ?? 'jsonrpc');
  if (typeof codec.encode !== 'function' || typeof codec.decode !== 'function') {
    throw new TypeError(
      `${owner}: options.codec must be an ErrorCodec ({ protocol, encode, decode })`,
    );
  }
  if (options.onError !== undefined && typeof options.onError !== 'function') {
    throw new TypeError(`${owner}: options.onError must be a function`);
  }
  const timeoutMs = options.timeoutMs ?? 60_000;
  if (typeof timeoutMs !== 'number' || !(timeoutMs > 0)) {
    throw new TypeError(
      `${owner}: options.timeoutMs must be a number of milliseconds > 0 (or Infinity)`,
    );
  }
  const maxBatchSize = positiveInteger(
    options.maxBatchSize,
    DEFAULT_MAX_BATCH_SIZE,
    `${owner}: options.maxBatchSize`,
  );
  const maxInFlight = positiveInteger(
    options.maxInFlight,
    DEFAULT_MAX_IN_FLIGHT,
    `${owner}: options.maxInFlight`,
  );
  const dispatcher = new Dispatcher(methodEntries(options.methods, owner), codec, options.onError);
  const answersCancelled = codec.answersCancelled ?? true;
  // A codec of the caller's own that says nothing about cancels gets its protocol's.
  const cancelSpec = rpcDialectOf(protocol)?.cancel;
  const cancelOut = (id: RequestId, reason?: string) =>
    codec.cancelNotification
      ? codec.cancelNotification(id, reason)
      : cancelNotification(cancelSpec, id, reason);
  const cancelIn = (method: string, params: unknown) =>
    codec.cancelledRequestId
      ? codec.cancelledRequestId(method, params)
      : cancelledRequestId(cancelSpec, method, params);

  // Requests running, by id (an id is in use until its answer is sent), and notifications
  // running: together at most maxInFlight.
  const running = new Map<RequestId | null, CallContext>();
  let notificationsRunning = 0;
  const inFlight = (): number => running.size + notificationsRunning;
  let slotFreed: (() => void) | undefined;
  let slotFree: Promise<void> | undefined;
  const freeSlot = (): void => {
    const wake = slotFreed;
    slotFreed = undefined;
    slotFree = undefined;
    wake?.();
  };
  const whenSlotFree = (): Promise<void> =>
    (slotFree ??= new Promise((resolve) => (slotFreed = resolve)));
  let closed = false;
  let started = false;
  let resolveClosed!: () => void;
  const closedPromise = new Promise<void>((resolve) => (resolveClosed = resolve));

  const send = (text: string): Promise<void> => transport.send(text);

  const pending = new PendingRequests(codec, (id, reason) => {
    if (closed) return;
    const note = cancelOut(id, reason);
    if (note)
      void send(JSON.stringify({ jsonrpc: '2.0', method: note.method, params: note.params }));
  });

  /** Send `response`; returns the length of the text sent (0 for none). */
  function reply(response: JsonRpcResponse | JsonRpcResponse[] | undefined): number {
    if (response === undefined || closed) return 0;
    const text = stringifyReply(dispatcher, response);
    void send(text);
    return text.length;
  }

  /** Whether `value` is nothing but answers to our own calls. */
  function isAnswer(value: unknown): boolean {
    return Array.isArray(value)
      ? value.every((item) => classifyMessage(item).kind === 'response')
      : classifyMessage(value).kind === 'response';
  }

  function startNotification(message: JsonRpcNotification): void {
    const out = dispatcher.dispatch(message, new CallContext(message.method, undefined));
    if (!(out instanceof Promise)) return;
    notificationsRunning++;
    const done = (): void => {
      notificationsRunning--;
      freeSlot();
    };
    out.then(done, done);
  }

  function handleOne(
    value: unknown,
  ): JsonRpcResponse | undefined | Promise<JsonRpcResponse | undefined> | Later {
    const kind = classifyMessage(value);
    switch (kind.kind) {
      case 'response':
        pending.settle(kind.message);
        return undefined;
      case 'notification': {
        const { method, params } = kind.message;
        const cancelled = cancelIn(method, params);
        if (cancelled !== undefined) {
          running
            .get(cancelled)
            ?.abort(AgentError.cancelled('Request cancelled by the peer', { captureStack: false }));
        }
        if (!dispatcher.methods.has(method)) return undefined;
        // A notification cannot be refused (it has no answer): past the limit it waits for a
        // handler to finish, and what was read after it waits behind it.
        if (inFlight() >= maxInFlight) return new Later(whenSlotFree());
        startNotification(kind.message);
        return undefined;
      }
      case 'request': {
        const { id, method } = kind.message;
        if (running.has(id)) {
          // Answers and cancels are matched by id: a second call under a running call's id
          // could be told apart from it by neither side.
          return failure(id, {
            code: JSONRPC_ERROR_CODES.InvalidRequest,
            message: 'Invalid Request: a request with this id is still running',
          });
        }
        if (inFlight() >= maxInFlight) {
          // Answered now, without running anything: the caller may retry once answers come.
          return failure(id, dispatcher.encodeError(overloaded(maxInFlight), method, id));
        }
        const ctx = new CallContext(method, id);
        running.set(id, ctx);
        const out = dispatcher.dispatch(kind.message, ctx);
        if (out instanceof Promise) {
          return out.then((response) => {
            running.delete(id);
            freeSlot();
            return ctx.aborted && !answersCancelled ? undefined : response;
          });
        }
        running.delete(id);
        return out;
      }
      default:
        return invalidRequest(kind.id);
    }
  }

  /**
   * Run one message text as read. Returns a promise when it could not run yet: the messages
   * read after it wait for that promise (see Inbox).
   */
  function run(text: string): Promise<unknown> | undefined {
    if (closed) return undefined;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = UNPARSABLE;
    }
    // While what waits to be written is full, only answers to our own calls are taken: every
    // other message may be answered, so it waits (and what was read after it waits too).
    if (flow?.full() && !isAnswer(value)) return later(flow.drained(), text);
    if (value === UNPARSABLE) {
      reply(PARSE_ERROR_RESPONSE);
      return undefined;
    }
    if (Array.isArray(value)) {
      if (value.length === 0 || value.length > maxBatchSize) {
        reply(invalidRequest(null));
        return undefined;
      }
      // A batch may hold answers to our calls as well as calls to us.
      const calls: unknown[] = [];
      for (const item of value) {
        if (classifyMessage(item).kind === 'response') pending.settle(item as JsonRpcResponse);
        else calls.push(item);
      }
      return calls.length === 0 ? undefined : batch(calls);
    }
    const out = handleOne(value);
    if (out instanceof Later) return later(out.ready, text);
    if (out === undefined) return undefined;
    const method = (value as { method?: unknown }).method;
    if (out instanceof Promise) {
      if (budget === undefined || typeof method !== 'string') void out.then(reply);
      else {
        const reservation = budget.reserve(method);
        void out.then((response) => budget.answered(method, reply(response), reservation));
      }
      return undefined;
    }
    const chars = reply(out);
    if (budget !== undefined && typeof method === 'string') budget.answered(method, chars);
    return undefined;
  }

  /** Run `text` once `ready` settles (parsed again: rare); what was read after it waits. */
  function later(ready: Promise<unknown>, text: string): Promise<unknown> {
    return ready.then(() => run(text));
  }

  const flow = transport.flow;
  const budget = flow === undefined ? undefined : new AnswerBudget(flow);
  const inbox = new Inbox(flow, run);

  const sink: TransportSink = {
    // The inbox's own function, not a call to it: each frame between the read loop and a
    // handler is recorded in every stack its errors capture (bench: peer).
    message: inbox.push,
    oversized(size) {
      reply(
        failure(null, {
          code: JSONRPC_ERROR_CODES.InvalidRequest,
          message:
            size > 0
              ? `Message too large: ${size} bytes or more`
              : 'Invalid Request: unreadable message framing',
        }),
      );
    },
    closed(error) {
      shutdown(error);
    },
  };

  /**
   * Run a batch's members in order (each counts against maxInFlight and the answer budget), then
   * answer them in one message. Returns a promise when a member had to wait for a free slot.
   */
  function batch(calls: unknown[]): Promise<unknown> | undefined {
    const outs: (JsonRpcResponse | undefined | Promise<JsonRpcResponse | undefined>)[] = [];
    const reservations: Reservation[] = [];
    let next = 0;
    const runMembers = (): Promise<void> | undefined => {
      while (next < calls.length && !closed) {
        const item = calls[next];
        const out = handleOne(item);
        // A member that cannot run yet is run again once it can.
        if (out instanceof Later) return out.ready.then(runMembers);
        next++;
        const method = (item as { method?: unknown }).method;
        if (out instanceof Promise && budget !== undefined && typeof method === 'string')
          reservations.push(budget.reserve(method));
        outs.push(out);
      }
      return undefined;
    };
    const answer = (): void => {
      const sendAll = (list: (JsonRpcResponse | undefined)[]): void => {
        const replies = list.filter((r): r is JsonRpcResponse => r !== undefined);
        reply(replies.length > 0 ? replies : undefined);
        for (const reservation of reservations) budget?.give(reservation);
      };
      if (outs.some((o) => o instanceof Promise))
        void Promise.all(outs.map((o) => Promise.resolve(o))).then(sendAll);
      else sendAll(outs as (JsonRpcResponse | undefined)[]);
    };
    const waiting = runMembers();
    if (waiting === undefined) {
      answer();
      return undefined;
    }
    return waiting.then(answer);
  }

  function shutdown(error?: unknown): void {
    if (closed) return;
    closed = true;
    const reason = connectionClosed(error);
    pending.rejectAll(reason);
    inbox.close();
    for (const ctx of running.values()) ctx.abort(reason);
    running.clear();
    freeSlot();
    resolveClosed();
  }

  async function close(): Promise<void> {
    if (closed) return closedPromise;
    shutdown();
    await transport.close();
  }

  return {
    start() {
      if (started) throw new Error(`${owner}: start() was already called`);
      started = true;
      if (!closed) transport.start(sink);
      return () => void close();
    },
    request<R>(method: string, params?: unknown, opts?: RequestOptions): Promise<R> {
      if (typeof method !== 'string')
        return Promise.reject(new TypeError('request: method must be a string'));
      if (closed) return Promise.reject(connectionClosed());
      return pending.add<R>(method, params, opts?.timeoutMs ?? timeoutMs, opts?.signal, send);
    },
    notify(method, params) {
      if (typeof method !== 'string')
        return Promise.reject(new TypeError('notify: method must be a string'));
      if (closed) return Promise.reject(connectionClosed());
      if (params !== undefined && (params === null || typeof params !== 'object')) {
        return Promise.reject(
          new TypeError(`notify ${method}: params must be an array or an object`),
        );
      }
      return send(JSON.stringify({ jsonrpc: '2.0', method, params }));
    },
    method(name, handler) {
      const entry = methodEntry(name, handler, `${owner}: peer.method`);
      dispatcher.methods.set(name, entry);
      return () => {
        if (dispatcher.methods.get(name) === entry) dispatcher.methods.delete(name);
      };
    },
    close,
    closed: closedPromise,
    get pendingCount() {
      return pending.size;
    },
  };
}
