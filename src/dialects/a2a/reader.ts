import { isRecord } from '../../core/is.js';
import type { Reader } from '../../core/reader.js';
import { realElements } from '../../core/real-elements.js';
import type { RpcDialectHooks } from '../jsonrpc/family-readers.js';
import { rpcErrorObject } from '../jsonrpc/family-readers.js';
import type { RpcErrorObject } from '../jsonrpc/rpc-error.js';
import { A2A_ERROR_NAMES } from './codes.js';
import { a2aFromRpc } from './convert.js';

type A2aEntry = { name: string; reason: string; message: string };
const A2A_ENTRIES = Object.entries(A2A_ERROR_NAMES as Readonly<Record<string, A2aEntry>>);
const A2A_CODE_BY_NAME = new Map(A2A_ENTRIES.map(([code, e]) => [e.name, Number(code)]));
// By `reason`, only A2A's own codes (the standard JSON-RPC ones share reasons with others).
const A2A_CODE_BY_REASON = new Map(
  A2A_ENTRIES.filter(([code]) => Number(code) > -32100).map(([code, e]) => [
    e.reason,
    Number(code),
  ]),
);
const A2A_WORDING =
  /^(?:task not (?:found|cancel)|task cannot be cancel|push notification|unsupported operation|this operation is not supported|incompatible content type|content type not supported|invalid agent response|extended agent card|(?:authenticated )?extended card|extension support required|version not supported)/i;
// The JSON-RPC SDKs' class names, which are no A2A names: no lookup for them.
const OTHER_RPC_CLASSES: ReadonlySet<unknown> = new Set([
  'McpError',
  'RequestError',
  'ResponseError',
]);

/** The A2A code of an `@a2a-js/sdk` error instance, by class name, else by `reason`. */
function a2aCodeOf(name: string, reason: unknown): number | undefined {
  return (
    A2A_CODE_BY_NAME.get(name) ??
    (typeof reason === 'string' ? A2A_CODE_BY_REASON.get(reason) : undefined)
  );
}

/**
 * `@a2a-js/sdk` errors (and their copies): they carry `reason`, a class name from A2A's table,
 * and from its client the wire code in `envelopeCode`.
 */
export const a2aSdkReader: Reader = {
  name: 'a2a SDK error',
  requires: ['message'],
  recognise(view) {
    const { message, reason, envelopeCode } = view;
    if (typeof message !== 'string') return undefined;
    const className = typeof view.name === 'string' ? view.name : '';
    // (Most wire objects have neither a class name nor a reason: no lookup then.)
    const named = className !== '' && !OTHER_RPC_CLASSES.has(className);
    const code = Number.isInteger(envelopeCode)
      ? (envelopeCode as number)
      : named || typeof reason === 'string'
        ? a2aCodeOf(className, reason)
        : undefined;
    if (
      code !== undefined &&
      (typeof reason === 'string' || (named && a2aCodeOf(className, undefined) !== undefined))
    ) {
      return a2aFromRpc(rpcErrorObject(code, message, view.data));
    }
    return undefined;
  },
};

/**
 * Whether an error object with no protocol hint is A2A's: one of A2A's own codes (-32001 to
 * -32009) with A2A's own wording ("Task not cancelable: t-1"), or v1.0's `google.rpc.ErrorInfo`
 * details with A2A's domain.
 */
function looksLikeA2a(error: RpcErrorObject): boolean {
  if (error.code >= -32009 && error.code <= -32001 && A2A_WORDING.test(error.message)) return true;
  const data = error.data;
  return (
    Array.isArray(data) &&
    realElements(data, 100).some(
      (d) => isRecord(d) && typeof d['@type'] === 'string' && d.domain === 'a2a-protocol.org',
    )
  );
}

/** A2A in the JSON-RPC family: told by its wording or its ErrorInfo domain. */
export const a2aRpcHooks: RpcDialectHooks = {
  dialect: { protocol: 'a2a', fromRpc: a2aFromRpc },
  sniff: looksLikeA2a,
};
