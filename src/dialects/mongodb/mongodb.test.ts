// Every code and label of MongoDB's tables, through `decode`, each error built by the driver's own
// classes from a server reply document (and the same reply as plain data, as a log relays it).
import { MongoNetworkError, MongoServerError, MongoServerSelectionError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { decode } from 'agent-errors';
import { MONGODB_CODES, MONGODB_LABELS } from 'agent-errors/databases';
import { expectRow } from '../../../test/helpers/database-errors.js';

describe('MongoDB: every code, label and driver class', () => {
  it.each(Object.entries(MONGODB_CODES))('code %s', (code, row) => {
    const error = new MongoServerError({
      ok: 0,
      code: Number(code),
      codeName: 'X',
      errmsg: `failure ${code}`,
    });
    expectRow(decode(error), row);
    // The same reply as plain data, as a log relays it.
    expectRow(decode({ ok: 0, code: Number(code), codeName: 'X', errmsg: 'failure' }), row);
  });
  it.each([...MONGODB_LABELS])('label %s decides the retry and its scope', (label, said) => {
    const error = new MongoServerError({
      ok: 0,
      code: 99999,
      codeName: 'Unlisted',
      errmsg: 'failure',
      errorLabels: [label],
    });
    const decoded = decode(error);
    expectRow(decoded, said.fallback);
    expect(decoded.details?.retryScope).toBe(said.scope);
    // A code the table marks not retryable still retries under the label.
    const coded = decode(
      new MongoServerError({
        ok: 0,
        code: 11000,
        codeName: 'DuplicateKey',
        errmsg: 'x',
        errorLabels: [label],
      }),
    );
    expect([coded.code, coded.retryable, coded.details?.retryScope]).toEqual([
      'DB_UNIQUE_VIOLATION',
      true,
      said.scope,
    ]);
  });
  it('driver classes: network, server selection', () => {
    expect(decode(new MongoNetworkError('connection 1 to 127.0.0.1:1 closed')).code).toBe(
      'DB_CONNECTION_LOST',
    );
    const selection = decode(
      new MongoServerSelectionError('Server selection timed out after 30000 ms', {
        type: 'Unknown',
        servers: new Map(),
      } as never),
    );
    expect([selection.category, selection.retryable]).toEqual(['unavailable', true]);
  });
});
