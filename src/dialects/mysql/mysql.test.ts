// Every row of MySQL's and MariaDB's tables (errnos, the ODBC SQLSTATEs and classes, mysql2's client
// codes), through `decode`, each error read by mysql2's Packet.asError from an ERR packet.
import { describe, expect, it } from 'vitest';
import { decode } from 'agent-errors';
import {
  MYSQL2_CLIENT_CODES,
  MYSQL_ERRNOS,
  SQLSTATE_CLASSES,
  SQLSTATE_CONDITIONS,
} from 'agent-errors/databases';
import { expectRow, mysqlError } from '../../../test/helpers/database-errors.js';

describe('MySQL / MariaDB: every errno row and client code, from an ERR packet read by mysql2', () => {
  it.each(Object.entries(MYSQL_ERRNOS))('errno %s', (errno, row) => {
    expectRow(decode(mysqlError(Number(errno), 'HY000', `failure ${errno}`)), row);
  });
  const odbc = Object.entries(SQLSTATE_CONDITIONS).filter(([s]) => s.startsWith('42S'));
  it.each([...odbc, ...Object.entries(SQLSTATE_CLASSES).map(([c, r]) => [`${c}9Z9`, r] as const)])(
    'an errno the table does not name, SQLSTATE %s',
    (state, row) => {
      expectRow(decode(mysqlError(1999, state, 'failure')), row);
    },
  );
  it('1290 is read-only only when the read-only option refused the statement', () => {
    const ro = decode(
      mysqlError(
        1290,
        'HY000',
        'The MariaDB server is running with the --read-only option so it cannot execute this statement',
      ),
    );
    expect([ro.category, ro.code, ro.retryable]).toEqual(['unavailable', 'DB_READ_ONLY', true]);
    const other = decode(
      mysqlError(
        1290,
        'HY000',
        'The MySQL server is running with the --secure-file-priv option so it cannot execute this statement',
      ),
    );
    expect([other.category, other.retryable]).toEqual(['validation', false]);
  });
  it.each([...MYSQL2_CLIENT_CODES])('mysql2 client code %s', (code, row) => {
    const error = Object.assign(new Error('Connection lost: The server closed the connection.'), {
      fatal: true,
      code,
    });
    expectRow(decode(error), row);
  });
});
