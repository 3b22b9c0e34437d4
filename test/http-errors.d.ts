// The few parts of `http-errors` and `needle` the fresh GraphQL / HTTP cases use (neither ships
// types, and their @types packages are not devDependencies here).
declare module 'http-errors' {
  /** What `createError` builds: an Error with the status, `expose` and the headers to send. */
  export interface HttpError extends Error {
    readonly status: number;
    readonly statusCode: number;
    readonly expose: boolean;
    readonly headers?: Record<string, string>;
  }
  /** `createError([status], [message], [properties])`, in any order; an Error is wrapped. */
  interface CreateError {
    (...args: unknown[]): HttpError;
    /** The constructor of each status, by number and by name (`NotFound`, `ServiceUnavailable`). */
    readonly [key: string]: unknown;
  }
  const createError: CreateError;
  export default createError;
}

declare module 'needle' {
  /** The response needle resolves with, whatever its status: an `IncomingMessage` with `body`. */
  export interface NeedleResponse {
    readonly statusCode?: number;
    readonly headers: Record<string, string | string[] | undefined>;
    readonly body: unknown;
  }
  /** `needle(method, url, data, options)`, as a promise. */
  const needle: (
    method: string,
    url: string,
    data?: unknown,
    options?: Record<string, unknown>,
  ) => Promise<NeedleResponse>;
  export default needle;
}
