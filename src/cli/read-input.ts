import type { AgentError } from '../core/agent-error.js';
import type { Protocol } from '../core/categories.js';
import { decode } from '../front/decode.js';
import { UsageError } from './usage-error.js';

/** The standard input as the CLI needs it: a byte stream that may be a terminal. */
export type CliStdin = AsyncIterable<string | Uint8Array> & { isTTY?: boolean };

/** Refuse more than this much input: an error payload is kilobytes, not a log file. */
export const MAX_INPUT_BYTES = 10 * 1024 * 1024;

async function readBounded(stdin: CliStdin, command: string, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stdin) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk);
    total += bytes.length;
    // Leaving the loop closes the stream, so a producer that never stops does not hang us.
    if (total > limit) {
      throw new UsageError(
        `${command}: input on stdin is larger than ${limit / 1024 / 1024} MB; refusing to read it`,
      );
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The input text: the positional argument, or stdin for `-` (or no argument while stdin is not
 * a terminal). Returns `undefined` when there is nothing to read without blocking on a
 * terminal: the caller prints usage.
 */
export async function readInput(
  positionals: readonly string[],
  stdin: CliStdin | undefined,
  command: string,
  limit = MAX_INPUT_BYTES,
): Promise<string | undefined> {
  if (positionals.length > 1) {
    throw new UsageError(
      `${command}: expected one input (JSON, text or -), received ${positionals.length} arguments; quote the JSON`,
    );
  }
  const [arg] = positionals;
  if (arg !== undefined && arg !== '-') {
    if (Buffer.byteLength(arg) > limit) {
      throw new UsageError(`${command}: input is larger than ${limit / 1024 / 1024} MB`);
    }
    return arg;
  }
  if (stdin === undefined || (arg === undefined && stdin.isTTY === true)) return undefined;
  return readBounded(stdin, command, limit);
}

// JSON that failed to parse, as opposed to text such as `[ERROR code=…] …` (ToolError text).
const LOOKS_LIKE_JSON = /^(?:\{|\[\s*(?:[{["\]\d-]|$))/;

/** The input, parsed as JSON where it is JSON, else the text itself. */
export function parseInput(text: string, command: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') throw new UsageError(`${command}: the input is empty; expected an error`);
  try {
    const value = JSON.parse(trimmed) as unknown;
    if (value === null || (typeof value !== 'object' && typeof value !== 'string')) {
      throw new UsageError(
        `${command}: the input is the JSON ${typeof value === 'number' || typeof value === 'boolean' ? typeof value : 'null'} ${trimmed.slice(0, 40)}, not an error`,
      );
    }
    return value;
  } catch (failure) {
    if (failure instanceof UsageError) throw failure;
    if (LOOKS_LIKE_JSON.test(trimmed)) {
      const reason = failure instanceof Error ? failure.message : String(failure);
      throw new UsageError(`${command}: the input looks like JSON but does not parse: ${reason}`);
    }
    return text;
  }
}

/**
 * Decode the parsed input, refusing input that holds no error: an object with no error shape
 * and no message, or a batch with no error response, is a usage mistake, not an internal error.
 */
export function decodeInput(
  input: unknown,
  protocol: Protocol | undefined,
  command: string,
): AgentError {
  const error = decode(input, protocol ? { protocol } : {});
  if (error.code === 'NOT_AN_ERROR') throw new UsageError(`${command}: ${error.message}`);
  const hasMessage =
    typeof input === 'object' &&
    input !== null &&
    typeof (input as { message?: unknown }).message === 'string';
  if (error.wire === undefined && typeof input === 'object' && !hasMessage) {
    throw new UsageError(
      `${command}: no error found in the input; expected a JSON-RPC error or response, an MCP tool result, ToolError text, an ARCP payload or envelope, an HTTP response or problem document, or a provider error body`,
    );
  }
  return error;
}
