import { CATEGORIES } from '../../core/categories.js';
import type { ErrorCategory } from '../../core/categories.js';
import { codeTable } from '../../core/code-table.js';
import type { CodeTable } from '../../core/code-table.js';

/** How a dialect reads one numeric code, before any hints in `data` are applied. */
export interface RpcClassification {
  category: ErrorCategory;
  /** Our stable code, e.g. `'METHOD_NOT_FOUND'`. */
  code: string;
  /** Defaults to the category's retryability (the protocols' code tables always state it). */
  retryable?: boolean;
}

/**
 * One row of a JSON-RPC protocol's code table: one wire code and everything the library knows
 * about it, read in both directions (decoding a received code, choosing the code to send).
 */
export interface RpcCodeRow {
  /** The name the protocol's SDK gives the code (`MethodNotFound`); rows without one are ours. */
  readonly name?: string;
  /** The number on the wire. */
  readonly wire: number;
  /** Our stable code for it, e.g. `'METHOD_NOT_FOUND'`. */
  readonly code: string;
  readonly category: ErrorCategory;
  /** When it differs from the category's default. */
  readonly retryable?: boolean;
  /** Send this code for errors of these categories whose own code has no row. */
  readonly sentFor?: readonly ErrorCategory[];
  /** More of our codes that are sent as this one (`SESSION_NOT_FOUND` as ACP's -32002). */
  readonly alsoSentFor?: readonly string[];
  /** Read this code when received, but never choose it when sending (a code another layer sends). */
  readonly receiveOnly?: boolean;
}

/**
 * The five codes JSON-RPC 2.0 itself defines, shared by every protocol of the family. -32603 is
 * sent for `internal`; `validation` and `protocol` failures have their own standard codes.
 */
export const JSONRPC_STANDARD_ROWS = [
  { name: 'ParseError', wire: -32700, code: 'PARSE_ERROR', category: 'protocol' },
  {
    name: 'InvalidRequest',
    wire: -32600,
    code: 'INVALID_REQUEST',
    category: 'protocol',
    sentFor: ['protocol'],
  },
  { name: 'MethodNotFound', wire: -32601, code: 'METHOD_NOT_FOUND', category: 'protocol' },
  {
    name: 'InvalidParams',
    wire: -32602,
    code: 'INVALID_PARAMS',
    category: 'validation',
    sentFor: ['validation'],
  },
  {
    name: 'InternalError',
    wire: -32603,
    code: 'INTERNAL_ERROR',
    category: 'internal',
    sentFor: ['internal'],
  },
] as const satisfies readonly RpcCodeRow[];

/**
 * The request-lifecycle codes `vscode-jsonrpc` (the JSON-RPC library LSP is built on) defines in
 * LSP's range -32899…-32800. Any peer built on that library may send them, so plain JSON-RPC
 * reads them too; LSP's table is built on them, and ACP shares -32800.
 */
export const REQUEST_LIFECYCLE_ROWS = [
  { name: 'RequestCancelled', wire: -32800, code: 'REQUEST_CANCELLED', category: 'cancelled' },
  {
    name: 'ContentModified',
    wire: -32801,
    code: 'CONTENT_MODIFIED',
    category: 'conflict',
    retryable: true,
  },
  {
    name: 'ServerCancelled',
    wire: -32802,
    code: 'SERVER_CANCELLED',
    category: 'cancelled',
    retryable: true,
  },
  { name: 'RequestFailed', wire: -32803, code: 'REQUEST_FAILED', category: 'internal' },
] as const satisfies readonly RpcCodeRow[];

/** A protocol's code table, indexed for both directions (see {@link rpcCodeTable}). */
export interface RpcCodeTable {
  readonly rows: readonly RpcCodeRow[];
  /** How a received code reads, or `undefined` when the protocol does not define it. */
  classify(wire: number): RpcClassification | undefined;
  /** The code to send for an error: by its own code, else by its category, else the fallback. */
  wireFor(error: { readonly code: string; readonly category: ErrorCategory }): number;
}

/**
 * A code's reading with its retryability stated: `retryable` when given, else the category's
 * default. Every reading the dialects give says it, so a decoded error needs no second lookup
 * for it. Frozen: the tables and classifiers hand the same reading to every caller.
 *
 * @example
 * rpcClassification('timeout', 'REQUEST_TIMEOUT'); // { category: 'timeout', code: 'REQUEST_TIMEOUT', retryable: true }
 */
export function rpcClassification(
  category: ErrorCategory,
  code: string,
  retryable: boolean = CATEGORIES[category].retryable,
): RpcClassification {
  return Object.freeze({ category, code, retryable });
}

/** How a code that no row of a protocol's table names reads. */
export const UNKNOWN_RPC_CODE: RpcClassification = rpcClassification('internal', 'INTERNAL_ERROR');

/**
 * Index one protocol's rows for both directions. `fallback` is the code sent for an error no
 * row names (JSON-RPC's -32603 for most protocols; LSP prefers -32803, "request failed").
 *
 * @example
 * const table = rpcCodeTable([...JSONRPC_STANDARD_ROWS], -32603);
 * table.classify(-32601); // { category: 'protocol', code: 'METHOD_NOT_FOUND', retryable: false }
 * table.wireFor({ code: 'X', category: 'validation' }); // -32602
 */
export function rpcCodeTable(rows: readonly RpcCodeRow[], fallback: number): RpcCodeTable {
  const byWire: Record<number, RpcClassification> = {};
  const byCode = new Map<string, number>();
  const byCategory = new Map<ErrorCategory, number>();
  for (const row of rows) {
    byWire[row.wire] = rpcClassification(row.category, row.code, row.retryable);
    if (row.receiveOnly) continue;
    byCode.set(row.code, row.wire);
    for (const alias of row.alsoSentFor ?? []) byCode.set(alias, row.wire);
    for (const category of row.sentFor ?? []) byCategory.set(category, row.wire);
  }
  const table: CodeTable<RpcClassification> = codeTable(byWire);
  return {
    rows,
    classify: (wire) => table.get(wire),
    wireFor: (error) => byCode.get(error.code) ?? byCategory.get(error.category) ?? fallback,
  };
}

type NamedRow = { readonly name: string; readonly wire: number };

/**
 * The `{ Name: code }` constant a protocol's SDK users know (`ACP_ERROR_CODES.AuthRequired`),
 * derived from its rows so the numbers are written once.
 *
 * @example
 * codesByName(JSONRPC_STANDARD_ROWS).MethodNotFound; // -32601
 */
export function codesByName<const R extends readonly (RpcCodeRow | NamedRow)[]>(
  rows: R,
): { readonly [K in Extract<R[number], NamedRow> as K['name']]: K['wire'] } {
  const out: Record<string, number> = {};
  for (const row of rows) if (row.name !== undefined) out[row.name] = row.wire;
  return Object.freeze(out) as never;
}
