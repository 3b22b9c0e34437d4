// The few parts of `pg` the database tests use (pg ships no types and @types/pg is not a
// devDependency here).
declare module 'pg' {
  export interface ClientConfig {
    host?: string;
    port?: number;
    user?: string;
    password?: string;
    database?: string;
  }
  export interface PoolConfig extends ClientConfig {
    max?: number;
    connectionTimeoutMillis?: number;
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
    end(): Promise<void>;
  }
  export class DatabaseError extends Error {
    code: string;
    severity: string;
  }
  const pg: { Client: typeof Client; Pool: typeof Pool; DatabaseError: typeof DatabaseError };
  export default pg;
}
