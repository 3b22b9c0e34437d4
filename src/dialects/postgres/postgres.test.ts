// Every row of PostgreSQL's tables (SQLSTATE conditions and classes, pg's own client messages),
// through `decode`, each error built by pg-protocol's parser from an ErrorResponse message.
import { describe, expect, it } from 'vitest';
import { decode } from 'agent-errors';
import { PG_CLIENT_MESSAGES, SQLSTATE_CLASSES, SQLSTATE_CONDITIONS } from 'agent-errors/databases';
import { expectRow, pgError } from '../../../test/helpers/database-errors.js';

describe('PostgreSQL: every SQLSTATE row, from an ErrorResponse parsed by pg-protocol', () => {
  const conditions = Object.entries(SQLSTATE_CONDITIONS).filter(([s]) => !s.startsWith('42S'));
  it.each(conditions)('%s', async (state, row) => {
    const error = await pgError({
      S: 'ERROR',
      V: 'ERROR',
      C: state,
      M: `failure ${state}`,
      R: 'fn',
    });
    const decoded = decode(error);
    expectRow(decoded, row);
    expect(decoded.details?.database).toMatchObject({ system: 'postgresql', code: state });
  });
  it.each(Object.entries(SQLSTATE_CLASSES))(
    'class %s (a subclass the table does not name)',
    async (cls, row) => {
      const error = await pgError({ S: 'ERROR', C: `${cls}9Z9`, M: 'failure' });
      expectRow(decode(error), row);
    },
  );
  it('57014 is a timeout when a statement timeout ended it, a cancel otherwise', async () => {
    const timeout = decode(
      await pgError({ S: 'ERROR', C: '57014', M: 'canceling statement due to statement timeout' }),
    );
    expect([timeout.category, timeout.retryable]).toEqual(['timeout', true]);
    const cancel = decode(
      await pgError({ S: 'ERROR', C: '57014', M: 'canceling statement due to user request' }),
    );
    expect([cancel.category, cancel.retryable]).toEqual(['cancelled', false]);
  });
  it('keeps the names of the objects involved, never the row values in detail', async () => {
    const error = await pgError({
      S: 'ERROR',
      C: '23505',
      M: 'duplicate key value violates unique constraint "users_email_key"',
      D: 'Key (email)=(secret@example.com) already exists.',
      n: 'users_email_key',
      t: 'users',
      s: 'public',
    });
    const decoded = decode(error);
    expect(decoded.details).toEqual({
      database: {
        system: 'postgresql',
        code: '23505',
        severity: 'ERROR',
        constraint: 'users_email_key',
        table: 'users',
        schema: 'public',
      },
    });
    expect(JSON.stringify(decoded.details)).not.toContain('secret@');
  });
  it.each([...PG_CLIENT_MESSAGES])('pg client: %s', (message, row) => {
    expectRow(decode(new Error(message)), row);
  });
});
