import { copyRecord } from '../../core/copy-record.js';
import { asRecord } from '../../core/is.js';
import type { Reader } from '../../core/reader.js';
import type { DatabaseMeaning, DatabaseRetryScope } from '../database/meaning.js';
import { databaseError, meaning as m, text } from '../database/meaning.js';
import { atlasMeaning, MONGODB_CODES, MONGODB_DRIVER_CLASSES, MONGODB_LABELS } from './codes.js';

type Rec = Record<string, unknown>;

const SERVER_ERROR = m('internal', 'DB_ERROR');

/**
 * The reading of a MongoDB error with `code` (a number, or absent), `labels` and the driver's
 * class `name`: a label first (the server sets them so that clients need not guess), then the
 * code, then the class.
 */
function readMongo(source: Rec, code: unknown, labels: readonly string[], name?: string) {
  const byCode =
    code === 8000
      ? atlasMeaning(source.message)
      : typeof code === 'number'
        ? MONGODB_CODES[code]
        : undefined;
  const byClass = name === undefined ? undefined : MONGODB_DRIVER_CLASSES.get(name);
  let row: DatabaseMeaning = byCode ?? byClass ?? SERVER_ERROR;
  let scope: DatabaseRetryScope = 'operation';
  for (const label of labels) {
    const said = MONGODB_LABELS.get(label);
    if (said === undefined) continue;
    row = byCode ?? byClass ?? said.fallback;
    if (!row.retryable) row = m(row.category, row.code, true);
    scope = said.scope;
    break;
  }
  return databaseError(
    source,
    row,
    'mongodb',
    {
      code: typeof code === 'number' ? code : undefined,
      codeName: text(source.codeName),
      labels: labels.length > 0 ? labels : undefined,
      class: name,
    },
    scope,
  );
}

/** The labels of a driver error (`errorLabels`, a getter) or a server reply, as strings. */
function labelsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : [];
}

/**
 * The `mongodb` driver's errors, by class name (`MongoServerError`, `MongoNetworkError`,
 * `MongoServerSelectionError`, `MongoWriteConcernError`, `MongoBulkWriteError`, …): labels, then
 * the server's code ({@link MONGODB_CODES}), then the class ({@link MONGODB_DRIVER_CLASSES}).
 * A bulk write's code is its first write error's; a write concern error's, the concern's.
 */
export const mongodbReader: Reader = {
  name: 'MongoDB driver error',
  requires: ['name'],
  instancesOnly: true,
  recognise(view) {
    const name = view.name;
    if (!view.instance || typeof name !== 'string' || !name.startsWith('Mongo')) return undefined;
    const e = view.input;
    let code = e.code;
    let labels = labelsOf(e.errorLabels);
    // A bulk write's first write error (`writeErrors`: an array; a client bulk write's, a Map by
    // index), or the server error a client bulk write wraps as its `cause`.
    const writes = e.writeErrors;
    const first: unknown = Array.isArray(writes)
      ? writes[0]
      : writes instanceof Map
        ? writes.values().next().value
        : undefined;
    const cause = code === undefined && first === undefined ? asRecord(e.cause) : undefined;
    if (code === undefined) code = asRecord(first)?.code ?? cause?.code;
    if (labels.length === 0 && cause !== undefined) labels = labelsOf(cause.errorLabels);
    return readMongo(e, code, labels, name);
  },
};

/**
 * A MongoDB server's error reply as plain data (`{ ok: 0, errmsg, code, codeName,
 * errorLabels }`, the command reply a log or a proxy relays): read like the driver's
 * `MongoServerError` built from it.
 */
export const mongodbReplyReader: Reader = {
  name: 'MongoDB error reply',
  requires: ['code'],
  recognise(view) {
    // MongoDB's codes are positive: JSON-RPC's negative codes leave before a member is read.
    if (typeof view.code !== 'number' || !(view.code > 0)) return undefined;
    const e = view.input;
    if (typeof e.codeName !== 'string' || e.ok !== 0) return undefined;
    // Copied member by member, then the message named: on V8 a spread copy that gains a member
    // gets a new hidden class on every call, which every later read of it misses.
    const reply = copyRecord(e);
    reply.message = typeof e.errmsg === 'string' ? e.errmsg : e.codeName;
    return readMongo(reply, view.code, labelsOf(e.errorLabels));
  },
};
