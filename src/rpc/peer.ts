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
import type { RequestId, JsonRpcResponse } from './messages.js';
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

  const running = new Map<RequestId | null, CallContext>();
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

  function reply(response: JsonRpcResponse | JsonRpcResponse[] | undefined): void {
    if (response === undefined || closed) return;
    void send(stringifyReply(dispatcher, response));
  }

  function handleOne(
    value: unknown,
  ): JsonRpcResponse | undefined | Promise<JsonRpcResponse | undefined> {
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
          if (!dispatcher.methods.has(method)) return undefined;
        }
        const out = dispatcher.dispatch(kind.message, new CallContext(method, undefined));
        if (out instanceof Promise) out.catch(() => {});
        return undefined;
      }
      case 'request': {
        const { id, method } = kind.message;
        if (running.size >= maxInFlight) {
          // Answered now, without running anything: the caller may retry once answers come.
          return failure(id, dispatcher.encodeError(overloaded(maxInFlight), method, id));
        }
        const ctx = new CallContext(method, id);
        running.set(id, ctx);
        const out = dispatcher.dispatch(kind.message, ctx);
        if (out instanceof Promise) {
          return out.then((response) => {
            running.delete(id);
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

  const sink: TransportSink = {
    message(text) {
      if (closed) return;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        reply(PARSE_ERROR_RESPONSE);
        return;
      }
      if (Array.isArray(value)) {
        if (value.length === 0 || value.length > maxBatchSize) {
          reply(invalidRequest(null));
          return;
        }
        // A batch may hold answers to our calls as well as calls to us.
        const calls: unknown[] = [];
        for (const item of value) {
          if (classifyMessage(item).kind === 'response') pending.settle(item as JsonRpcResponse);
          else calls.push(item);
        }
        if (calls.length === 0) return;
        const replies = batch(calls);
        if (replies instanceof Promise) void replies.then(reply);
        else reply(replies);
        return;
      }
      const out = handleOne(value);
      if (out instanceof Promise) void out.then(reply);
      else reply(out);
    },
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

  function batch(
    calls: unknown[],
  ): JsonRpcResponse[] | undefined | Promise<JsonRpcResponse[] | undefined> {
    const outs = calls.map(handleOne);
    const done = (list: (JsonRpcResponse | undefined)[]) => {
      const kept = list.filter((r): r is JsonRpcResponse => r !== undefined);
      return kept.length > 0 ? kept : undefined;
    };
    return outs.some((o) => o instanceof Promise)
      ? Promise.all(outs.map((o) => Promise.resolve(o))).then(done)
      : done(outs as (JsonRpcResponse | undefined)[]);
  }

  function shutdown(error?: unknown): void {
    if (closed) return;
    closed = true;
    const reason = connectionClosed(error);
    pending.rejectAll(reason);
    for (const ctx of running.values()) ctx.abort(reason);
    running.clear();
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
