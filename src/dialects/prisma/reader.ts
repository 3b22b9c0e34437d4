import { asRecord } from '../../core/is.js';
import type { Reader } from '../../core/reader.js';
import type { DatabaseMeaning } from '../database/meaning.js';
import { databaseError, text } from '../database/meaning.js';
import { isSqlState, sqlStateMeaning } from '../database/sqlstate.js';
import { MYSQL_ERRNOS } from '../database/mysql-errnos.js';
import { PRISMA_CLASSES, PRISMA_CODES, PRISMA_FAMILIES } from './codes.js';

const PRISMA_CODE = /^P\d{4}$/;

/** The row of Prisma code `code`, else its family's. */
function byPrismaCode(code: string): DatabaseMeaning | undefined {
  if (!PRISMA_CODE.test(code)) return undefined;
  return PRISMA_CODES[code] ?? PRISMA_FAMILIES[code.slice(0, 2)];
}

/** The row of a database code a raw query's failure relays: a SQLSTATE or a MySQL number. */
function relayedMeaning(dbCode: unknown): DatabaseMeaning | undefined {
  if (isSqlState(dbCode)) return sqlStateMeaning(dbCode);
  return typeof dbCode === 'string' && /^\d{4}$/.test(dbCode) ? MYSQL_ERRNOS[+dbCode] : undefined;
}

/**
 * Prisma Client's errors, by their documented shape (the classes `@prisma/client/runtime`
 * exports): `PrismaClientKnownRequestError` with `code` (`P2002`) and `meta`,
 * `PrismaClientInitializationError` with `errorCode` (`P1001`), `PrismaClientValidationError`,
 * `PrismaClientRustPanicError`, `PrismaClientUnknownRequestError`. A raw query's failure
 * (`P2010`) carries the database's own code in `meta.code`: a SQLSTATE there is read by the
 * database base's table. Instances or their JSON alike: both have the `name`.
 */
export const prismaReader: Reader = {
  name: 'Prisma error',
  requires: ['name'],
  recognise(view) {
    const name = view.name;
    if (typeof name !== 'string' || !name.startsWith('PrismaClient')) return undefined;
    const e = view.input;
    const code = typeof view.code === 'string' ? view.code : text(e.errorCode);
    const meta = asRecord(e.meta);
    const dbCode = meta?.code;
    // P2010 relays the database's own code: PostgreSQL's SQLSTATE, or MySQL's error number as
    // text (`'1213'`).
    const row =
      (code === 'P2010' ? relayedMeaning(dbCode) : undefined) ??
      (code === undefined ? undefined : byPrismaCode(code)) ??
      PRISMA_CLASSES.get(name);
    if (row === undefined) return undefined;
    return databaseError(e, row, 'prisma', {
      code,
      class: name,
      databaseCode: typeof dbCode === 'string' ? dbCode : undefined,
      modelName: text(meta?.modelName),
      target:
        Array.isArray(meta?.target) || typeof meta?.target === 'string' ? meta.target : undefined,
      clientVersion: text(e.clientVersion),
    });
  },
};
