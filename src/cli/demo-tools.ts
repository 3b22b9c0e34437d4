/**
 * What the demo's agent (`demo.ts`) and its tool server (`demo-server.ts`) agree on. The token
 * is here so that the agent can scan the wire for it; it is never sent, only thrown.
 */

/** The credential the crashing tool leaks into its error message. Fake, but shaped like a real one. */
export const DEMO_TOKEN = 'ghp_dEm0T0k3nTh4tMustN3v3rCr0ssTh3W1r3';

/** How long the agent waits for one answer before it gives the attempt up. */
export const CALL_TIMEOUT_MS = 500;

/** How long the server's rate limit asks the agent to wait. */
export const RATE_LIMIT_RETRY_AFTER_MS = 250;

/** How long the slow tool takes on its first call (it is cancelled well before). */
export const SLOW_RENDER_MS = 2_000;

/** The server method that reports what happened on its side. */
export const STATS_METHOD = 'demo/stats';

/** What the server reports at the end. */
export interface DemoServerStats {
  /** How many times the idempotent write's work ran. */
  writes: number;
  /** Tools whose work the server stopped because the agent cancelled the call. */
  cancelled: string[];
  /** The `errorId`s the server logged unexpected errors under. */
  loggedErrorIds: string[];
}
