// Every rule of the Neo4j table through `decode`, each error built by the driver's own `newError`
// with the arguments its Bolt response handler passes for a server FAILURE (message, code), and
// the driver's own codes. The errors a driver raises against 127.0.0.1 peers (a closed port, a
// silent or closing peer) are in test/world-fresh-sql-clients.test.ts.
import { describe, expect, it } from 'vitest';
import neo4j from 'neo4j-driver';
import { newError } from 'neo4j-driver-core';
import { decode } from 'agent-errors';
import { NEO4J_STATUS_RULES } from 'agent-errors/databases';
import { expectRow } from '../../../test/helpers/database-errors.js';

/** One status code each rule is the first to match, from the Neo4j Status Codes reference. */
const CODE_OF_RULE: readonly string[] = [
  'Neo.TransientError.Transaction.DeadlockDetected',
  'Neo.TransientError.Transaction.LockAcquisitionTimeout',
  'Neo.TransientError.Cluster.ReplicationFailure',
  'Neo.ClientError.Security.AuthorizationExpired',
  'Neo.ClientError.Security.Forbidden',
  'Neo.ClientError.Security.CredentialsExpired',
  'Neo.ClientError.Cluster.NotALeader',
  'Neo.ClientError.Procedure.ProcedureNotFound',
  'Neo.ClientError.Schema.IndexAlreadyExists',
  'Neo.ClientError.Transaction.TransactionTimedOut',
  'Neo.ClientError.Transaction.LockClientStopped',
  'Neo.ClientError.Request.InvalidFormat',
  'Neo.ClientError.Statement.ArgumentError',
  'Neo.DatabaseError.Schema.IndexCreationFailed',
];

describe('the Neo4j status code rules', () => {
  it('has one code per rule, each matched first by its own rule', () => {
    expect(CODE_OF_RULE).toHaveLength(NEO4J_STATUS_RULES.length);
    CODE_OF_RULE.forEach((code, index) =>
      expect(NEO4J_STATUS_RULES.findIndex(([pattern]) => pattern.test(code))).toBe(index),
    );
  });

  it.each(CODE_OF_RULE.map((code, index) => [code, index] as const))(
    '%s reads as its rule',
    (code, index) => {
      const decoded = decode(newError(`${code} from the server`, code));
      expectRow(decoded, NEO4J_STATUS_RULES[index]![1]);
      expect(decoded.details?.database).toMatchObject({ system: 'neo4j', code });
    },
  );

  it('agrees with the driver on what to retry', () => {
    // NotALeader's retry is the routing driver's: it turns it into SessionExpired, retryable.
    for (const code of CODE_OF_RULE.filter((c) => !c.endsWith('NotALeader'))) {
      const error = newError('from the server', code);
      expect(decode(error).retryable).toBe(neo4j.isRetryableError(error));
    }
  });

  it("reads the driver's own codes", () => {
    const read = (message: string, code?: string) => {
      const d = decode(newError(message, code));
      return { category: d.category, retryable: d.retryable };
    };
    expect(read('Connection was closed by server', neo4j.error.SERVICE_UNAVAILABLE)).toEqual({
      category: 'unavailable',
      retryable: true,
    });
    expect(read('No longer possible to write to server', neo4j.error.SESSION_EXPIRED)).toEqual({
      category: 'unavailable',
      retryable: true,
    });
    expect(read('Unknown Bolt protocol message', neo4j.error.PROTOCOL_ERROR)).toEqual({
      category: 'protocol',
      retryable: false,
    });
    expect(read('Connection acquisition timed out in 60000 ms.')).toEqual({
      category: 'timeout',
      retryable: true,
    });
  });
});
