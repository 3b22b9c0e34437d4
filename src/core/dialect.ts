import type { AgentError } from './agent-error.js';
import type { Protocol } from './categories.js';
import type { ExposeOptions } from './expose.js';

/**
 * Everything the library knows about one protocol, in one object: the registry
 * (`src/registry/dialects.ts`) holds one per protocol, and the front door's `decode` / `encode`,
 * the peer's codec and the CLI all read it instead of switching over protocol names. Adding a
 * protocol is one folder that exports one of these, and one registry line.
 */
export interface Dialect<O extends ExposeOptions = ExposeOptions> {
  readonly protocol: Protocol;
  /**
   * The wire form of `error`. The front door has already applied the exposure rule (an error
   * nobody meant to send arrives as a generic internal `AgentError` with an `errorId`). Never
   * throws for an error; throws a `TypeError` naming a bad option.
   */
  encode(error: unknown, options: O): unknown;
  /** Decode a value known to come from this protocol (throws a `TypeError` when it is none). */
  decode(value: unknown): AgentError;
}
