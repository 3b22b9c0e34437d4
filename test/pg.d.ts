// The few parts of `pg` the database tests use (pg ships no types and @types/pg is not a
// devDependency here).
declare module 'pg' {
  export interface ClientConfig {
    host?: string;
    port?: number;
    user?: string;
    password?: string;
    database?: string;
    /** How long `connect()` waits for the server, in ms. */
    connectionTimeoutMillis?: number;
    /** How long a query waits for its result, measured by the client, in ms. */
    query_timeout?: number;
    /** The server's `statement_timeout` for the session, in ms. */
    statement_timeout?: number;
  }
  export interface PoolConfig extends ClientConfig {
    max?: number;
  }
  export interface QueryResult<R> {
    rows: R[];
  }
  export class Client {
    constructor(config: ClientConfig);
    connect(): Promise<void>;
    query<R = Record<string, unknown>>(sql: string, values?: unknown[]): Promise<QueryResult<R>>;
    end(): Promise<void>;
    on(event: 'error', listener: (error: Error) => void): this;
  }
  export interface PoolClient {
    release(): void;
  }
  export class Pool {
    constructor(config: PoolConfig);
    connect(): Promise<PoolClient>;
    query<R = Record<string, unknown>>(sql: string, values?: unknown[]): Promise<QueryResult<R>>;
    end(): Promise<void>;
    on(event: 'error', listener: (error: Error) => void): this;
  }
  export class DatabaseError extends Error {
    code: string;
    severity: string;
  }
  const pg: { Client: typeof Client; Pool: typeof Pool; DatabaseError: typeof DatabaseError };
  export default pg;
}
