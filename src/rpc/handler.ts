import { describeValue } from '../core/is.js';
import { Dispatcher, PARSE_ERROR_RESPONSE, dispatchValue, invalidRequest } from './dispatcher.js';
import type { OnError } from './dispatcher.js';
import type { ErrorCodec } from './error-codec.js';
import { codecFor } from './codec.js';
import { failure, standardError } from './messages.js';
import { JSONRPC_ERROR_CODES } from '../dialects/jsonrpc/codes.js';
import type { JsonRpcResponse } from './messages.js';
import { methodEntries } from './methods.js';
import type { Methods } from './methods.js';

/** Options for {@link createHandler}. */
export interface HandlerOptions {
  /** The methods served, by name. Names starting with `rpc.` are reserved and refused. */
  methods: Methods;
  /** How thrown errors are encoded (default: `codecFor(protocol)`). */
  codec?: ErrorCodec;
  /** The protocol for the default codec (default `'jsonrpc'`). Ignored when `codec` is given. */
  protocol?: 'jsonrpc' | 'acp' | 'mcp' | 'lsp' | 'a2a';
  /** Receives every error that was not meant for the peer, with the `errorId` it was sent. */
  onError?: OnError;
  /** Batches longer than this are answered with one Invalid Request error (default 1,000). */
  maxBatchSize?: number;
}

/** A transport-free JSON-RPC 2.0 server: text or parsed messages in, responses out. */
export interface Handler {
  /**
   * Answer one JSON-RPC text (a message or a batch). Resolves to the response text, or
   * `undefined` when none is due (notifications, all-notification batches). Never rejects.
   */
  handle(text: string): Promise<string | undefined>;
  /** The same for an already parsed value; resolves to the response object(s). Never rejects. */
  handleMessage(value: unknown): Promise<JsonRpcResponse | JsonRpcResponse[] | undefined>;
}

export const DEFAULT_MAX_BATCH_SIZE = 1_000;

/** Check `maxBatchSize`-style options. */
export function positiveInteger(value: unknown, fallback: number, option: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new TypeError(`${option} must be a positive integer; received ${describeValue(value)}`);
  }
  return value;
}

/** Answer a parsed value (single or batch) with `dispatcher`. */
export function answerValue(
  dispatcher: Dispatcher,
  value: unknown,
  maxBatchSize: number,
):
  | JsonRpcResponse
  | JsonRpcResponse[]
  | undefined
  | Promise<JsonRpcResponse | JsonRpcResponse[] | undefined> {
  if (!Array.isArray(value)) return dispatchValue(dispatcher, value);
  if (value.length === 0 || value.length > maxBatchSize) return invalidRequest(null);
  const replies = value.map((item) => dispatchValue(dispatcher, item));
  if (replies.some((r) => r instanceof Promise)) {
    return Promise.all(replies.map((r) => Promise.resolve(r))).then(compact);
  }
  return compact(replies as (JsonRpcResponse | undefined)[]);
}

function compact(replies: (JsonRpcResponse | undefined)[]): JsonRpcResponse[] | undefined {
  const out = replies.filter((r): r is JsonRpcResponse => r !== undefined);
  return out.length > 0 ? out : undefined;
}

/** Stringify a reply; a result that cannot be serialised becomes an internal error. */
export function stringifyReply(
  dispatcher: Dispatcher,
  reply: JsonRpcResponse | JsonRpcResponse[],
): string {
  try {
    return JSON.stringify(reply);
  } catch (error) {
    const fix = (r: JsonRpcResponse): JsonRpcResponse => {
      try {
        JSON.stringify(r);
        return r;
      } catch {
        const fixed = failure(r.id, dispatcher.encodeError(error, undefined, r.id));
        try {
          JSON.stringify(fixed);
          return fixed;
        } catch {
          // A codec whose answer cannot be serialised either: the bare standard error.
          return failure(r.id, standardError(JSONRPC_ERROR_CODES.InternalError));
        }
      }
    };
    return JSON.stringify(Array.isArray(reply) ? reply.map(fix) : fix(reply));
  }
}

/**
 * A JSON-RPC 2.0 server with no transport: feed it request text, get response text back. Exactly
 * the specification: parse errors and invalid requests are answered with `id: null`,
 * notifications never, batches per §6; `rpc.*` names are reserved; unknown methods answer
 * -32601 naming the method; params failing a Standard Schema answer -32602 with the issues.
 * Errors are encoded by the codec with the safety defaults (no stack, nothing echoed,
 * unexpected errors as `-32603` with an `errorId` and `onError`).
 *
 * @example
 * const rpc = createHandler({ methods: { subtract: ([a, b]: number[]) => a - b } });
 * await rpc.handle('{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":1}');
 * // '{"jsonrpc":"2.0","id":1,"result":19}'
 */
export function createHandler(options: HandlerOptions): Handler {
  if (options === null || typeof options !== 'object') {
    throw new TypeError('createHandler: options must be an object with methods');
  }
  const methods = methodEntries(options.methods, 'createHandler');
  const codec = options.codec ?? codecFor(options.protocol ?? 'jsonrpc');
  if (typeof codec.encode !== 'function' || typeof codec.decode !== 'function') {
    throw new TypeError(
      'createHandler: options.codec must be an ErrorCodec ({ protocol, encode, decode })',
    );
  }
  if (options.onError !== undefined && typeof options.onError !== 'function') {
    throw new TypeError('createHandler: options.onError must be a function');
  }
  const maxBatchSize = positiveInteger(
    options.maxBatchSize,
    DEFAULT_MAX_BATCH_SIZE,
    'createHandler: options.maxBatchSize',
  );
  const dispatcher = new Dispatcher(methods, codec, options.onError);

  async function handleMessage(
    value: unknown,
  ): Promise<JsonRpcResponse | JsonRpcResponse[] | undefined> {
    return answerValue(dispatcher, value, maxBatchSize);
  }

  return {
    handleMessage,
    async handle(text) {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        return JSON.stringify(PARSE_ERROR_RESPONSE);
      }
      const reply = await answerValue(dispatcher, value, maxBatchSize);
      return reply === undefined ? undefined : stringifyReply(dispatcher, reply);
    },
  };
}
