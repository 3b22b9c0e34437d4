// Every row of the ORMs' own table, through `decode`, each error built by its library's own
// class with the arguments the library passes it (Sequelize `lib/errors`, knex
// `lib/util/timeout.js` and `lib/client.js`); and a wrapper of each Sequelize family read
// through to the driver's error it carries. The real failures are raised against real servers
// in test/world-fresh-databases-6.test.ts.
import { describe, expect, it } from 'vitest';
import { KnexTimeoutError } from 'knex';
import { Sequelize } from 'sequelize';
import { decode } from 'agent-errors';
import { ORM_ERRORS } from 'agent-errors/databases';
import { expectRow, mysqlError, pgError } from '../../../test/helpers/database-errors.js';

/** Sequelize's error classes, as `sequelize` exports them. */
const errors = Sequelize as unknown as Record<string, new (...args: unknown[]) => Error>;

/** Each Sequelize class of the table, built as Sequelize builds it. */
const SEQUELIZE_BUILT: Record<string, () => Error> = {
  SequelizeValidationError: () =>
    new errors.ValidationError!('notNull Violation: t.name cannot be null', []),
  SequelizeEmptyResultError: () => new errors.EmptyResultError!(),
  SequelizeOptimisticLockError: () =>
    new errors.OptimisticLockError!({ modelName: 't', values: { v: 1 }, where: { id: 1 } }),
  SequelizeConnectionAcquireTimeoutError: () =>
    new errors.ConnectionAcquireTimeoutError!(new Error('Operation timeout')),
  SequelizeConnectionTimedOutError: () =>
    new errors.ConnectionTimedOutError!(new Error('Connection timed out')),
  SequelizeConnectionRefusedError: () =>
    new errors.ConnectionRefusedError!(
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }),
    ),
  SequelizeTimeoutError: () =>
    new errors.TimeoutError!(
      Object.assign(new Error('SQLITE_BUSY: database is locked'), { code: 'SQLITE_BUSY' }),
    ),
};

describe("the ORMs' own errors: every row", () => {
  it.each([...ORM_ERRORS].filter(([name]) => name.startsWith('Sequelize')))('%s', (name, row) => {
    const build = SEQUELIZE_BUILT[name];
    if (!build) throw new Error(`no builder for ${name}`);
    const error = build();
    expect(error.name).toBe(name);
    expectRow(decode(error), row);
  });

  it('KnexTimeoutError: a query past its timeout, and a pool that gave no connection', () => {
    const query = new KnexTimeoutError(
      'Defined query timeout of 30ms exceeded when running query.',
    );
    expect(decode(query)).toMatchObject({ code: 'DB_STATEMENT_TIMEOUT', retryable: true });
    const pool = new KnexTimeoutError(
      'Knex: Timeout acquiring a connection. The pool is probably full. ' +
        'Are you missing a .transacting(trx) call?',
    );
    expect(decode(pool)).toMatchObject({ code: 'DB_POOL_TIMEOUT', retryable: true });
  });
});

describe('an ORM wrapper reads as the driver error it carries', () => {
  it("Sequelize's DatabaseError over pg, ForeignKeyConstraintError over mysql2", async () => {
    const deadlock = new errors.DatabaseError!(
      await pgError({ S: 'ERROR', V: 'ERROR', C: '40P01', M: 'deadlock detected' }),
    );
    expect(decode(deadlock)).toMatchObject({
      category: 'conflict',
      code: 'DB_DEADLOCK',
      retryable: true,
      details: { retryScope: 'transaction', database: { system: 'postgresql', code: '40P01' } },
    });
    const parent = mysqlError(1452, '23000', 'Cannot add or update a child row');
    const fk = new errors.ForeignKeyConstraintError!({ parent, table: 'child' });
    expect(decode(fk)).toMatchObject({ category: 'conflict', code: 'DB_FOREIGN_KEY_VIOLATION' });
  });

  it('the wrapper keeps its own message, the database its code', () => {
    const parent = mysqlError(1062, '23000', "Duplicate entry '1' for key 'PRIMARY'");
    const unique = new errors.UniqueConstraintError!({ message: 'Validation error', parent });
    expect(decode(unique)).toMatchObject({
      message: 'Validation error',
      code: 'DB_UNIQUE_VIOLATION',
      details: { database: { system: 'mysql', code: 1062, sqlState: '23000' } },
    });
  });
});
