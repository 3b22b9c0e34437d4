/**
 * What the printed form (`String(err)`) of a `mongodb` driver error still says once its `code`
 * is gone: `MongoServerError: <errmsg>`, and mongod words the errmsg of each of these codes the
 * same way every time (mongodb/mongo, the `Status` each command returns). Each row gives the
 * server reply the text stood for, read by the MongoDB reader. Read by `agent-errors explain`
 * on pasted text.
 */
const MONGOD_MESSAGES: readonly (readonly [RegExp, number, string])[] = [
  [/^E11000 duplicate key/, 11000, 'DuplicateKey'],
  [/^E11001 duplicate key/, 11001, 'DuplicateKey'],
  [/^not authorized on \S+ to execute|^command \w+ requires authentication/, 13, 'Unauthorized'],
  [/^Authentication failed/, 18, 'AuthenticationFailed'],
  [/^ns (?:not found|does not exist)/, 26, 'NamespaceNotFound'],
  [/^operation exceeded time limit/, 50, 'MaxTimeMSExpired'],
  [/^waiting for replication timed out/, 64, 'WriteConcernFailed'],
  [/^WriteConflict\b/, 112, 'WriteConflict'],
  [/^Document failed validation/, 121, 'DocumentValidationFailure'],
  [/^Primary stepped down|^PrimarySteppedDown/, 189, 'PrimarySteppedDown'],
  [/^Interrupted due to repl state change/, 11602, 'InterruptedDueToReplStateChange'],
  [
    /^not primary and secondaryOk=false|^not master and slaveOk=false/,
    13435,
    'NotPrimaryNoSecondaryOk',
  ],
  [/^not (?:primary|master)\b/, 10107, 'NotWritablePrimary'],
  [/^unknown (?:top level )?operator/, 2, 'BadValue'],
];

const PRINTED = /^(Mongo\w*Error): ([^\n]+)$/;

/** The server reply a printed `Mongo…Error: <errmsg>` stands for, or `undefined`. */
export function printedMongoError(
  text: string,
): { ok: 0; code: number; codeName: string; errmsg: string; message: string } | undefined {
  const printed = PRINTED.exec(text);
  if (printed === null) return undefined;
  const errmsg = printed[2]!.trim();
  const row = MONGOD_MESSAGES.find(([pattern]) => pattern.test(errmsg));
  if (row === undefined) return undefined;
  return { ok: 0, code: row[1], codeName: row[2], errmsg, message: errmsg };
}
