// Every code of Prisma's table, through `decode`. Prisma's engines cannot be installed here: its
// errors are built by their documented shape (name, code, meta, clientVersion), as
// docs/databases.md says.
import { describe, expect, it } from 'vitest';
import { decode } from 'agent-errors';
import { PRISMA_CODES } from 'agent-errors/databases';
import { expectRow } from '../../../test/helpers/database-errors.js';

describe('Prisma: every code, by the documented shape', () => {
  class PrismaClientKnownRequestError extends Error {
    constructor(
      message: string,
      readonly code: string,
      readonly meta?: Record<string, unknown>,
      readonly clientVersion = '6.0.0',
    ) {
      super(message);
    }
    override get name(): string {
      return 'PrismaClientKnownRequestError';
    }
  }
  it.each(Object.entries(PRISMA_CODES))('%s', (code, row) => {
    expectRow(decode(new PrismaClientKnownRequestError(`failure ${code}`, code)), row);
  });
  it('P2010 reads the database code it relays', () => {
    const decoded = decode(
      new PrismaClientKnownRequestError('Raw query failed', 'P2010', { code: '40P01' }),
    );
    expect([decoded.code, decoded.retryable]).toEqual(['DB_DEADLOCK', true]);
  });
});
