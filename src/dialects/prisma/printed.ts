/**
 * What `String(err)` of a Prisma Client error still says once its `code` is gone:
 * `PrismaClientKnownRequestError: ` (or `PrismaClientInitializationError: `) and the message,
 * which for each code is the fixed template of Prisma's "Error message reference"
 * (reference/error-reference): `[message pattern, code]`, the first match wins. Read by
 * `agent-errors explain` on pasted text.
 */
const PRISMA_MESSAGES: readonly (readonly [RegExp, string])[] = [
  [/Authentication failed against database server/, 'P1000'],
  [/Can't reach database server/, 'P1001'],
  [/database server at .* was reached but timed out/, 'P1002'],
  [/^Database .* does not exist/m, 'P1003'],
  [/^Operations timed out after/m, 'P1008'],
  [/^Server has closed the connection/m, 'P1017'],
  [/Unique constraint failed on the/, 'P2002'],
  [/Foreign key constraint (?:failed|violated) on the/, 'P2003'],
  [/Null constraint violation on the/, 'P2011'],
  [/^The table .* does not exist in the current database/m, 'P2021'],
  [/^The column .* does not exist in the current database/m, 'P2022'],
  [/Timed out fetching a new connection from the connection pool/, 'P2024'],
  [/depends on one or more records that were required but not found/, 'P2025'],
  [/^Transaction API error/m, 'P2028'],
  [/write conflict or a deadlock/, 'P2034'],
  [/^Too many database connections opened/m, 'P2037'],
];

const PRINTED = /^(PrismaClient(?:KnownRequest|Initialization)Error): ([\s\S]+)$/;

/** The Prisma error a printed `PrismaClient…Error: <message>` stands for, or `undefined`. */
export function printedPrismaError(
  text: string,
): { name: string; code?: string; errorCode?: string; message: string } | undefined {
  const printed = PRINTED.exec(text);
  if (printed === null) return undefined;
  const message = printed[2]!.trim();
  const row = PRISMA_MESSAGES.find(([pattern]) => pattern.test(message));
  if (row === undefined) return undefined;
  const name = printed[1]!;
  return name === 'PrismaClientKnownRequestError'
    ? { name, code: row[1], message }
    : { name, errorCode: row[1], message };
}
