// Every row of the MariaDB connector's own numbers through `decode`, each error built by the
// connector's exported `SqlError` with the arguments its `createError` passes (message, sql,
// fatal, info, SQLSTATE, number). The real failures are raised against a real MariaDB in
// test/world-fresh-sql-clients.test.ts.
import { describe, expect, it } from 'vitest';
import { SqlError } from 'mariadb';
import { decode } from 'agent-errors';
import { MARIADB_CONNECTOR_ERRNOS } from 'agent-errors/databases';
import { expectRow } from '../../../test/helpers/database-errors.js';

/** The connector's constructor, as its `lib/misc/errors.js` calls it. */
const Built = SqlError as unknown as new (
  msg: string,
  sql: string | null,
  fatal: boolean,
  info: null,
  sqlState: string,
  errno: number,
) => Error & { code: string };

describe("the MariaDB connector's own numbers", () => {
  it.each(Object.entries(MARIADB_CONNECTOR_ERRNOS))('%s reads as its row', (errno, row) => {
    const error = new Built('from the connector', null, false, null, 'HY000', Number(errno));
    expect(error.code).toMatch(/^ER_/);
    expectRow(decode(error), row);
  });
});
