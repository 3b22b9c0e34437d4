import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { AgentError } from '../core/agent-error.js';
import type { Protocol } from '../core/categories.js';
import { parseToolErrorText } from '../dialects/tool/tool-text.js';
import { decode } from '../front/decode.js';
import { UsageError } from './usage-error.js';
import { redactThenCut } from '../core/sanitize-message.js';
import { hasMcpErrorPrefix } from '../dialects/tool/mcp-prefix.js';

/** The standard input as the CLI needs it: a byte stream that may be a terminal. */
export type CliStdin = AsyncIterable<string | Uint8Array> & { isTTY?: boolean };

/** Refuse more than this much input: an error payload is kilobytes, not a log file. */
export const MAX_INPUT_BYTES = 10 * 1024 * 1024;

/**
 * Read `source` to the end, refusing more than `limit` bytes. `where` names it in messages:
 * `stdin` or a quoted file path.
 */
async function readBounded(
  source: CliStdin,
  command: string,
  limit: number,
  where: string,
): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of source) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk);
      total += bytes.length;
      // Leaving the loop closes the stream, so a producer that never stops does not hang us.
      if (total > limit) {
        throw new UsageError(
          `${command}: input on ${where} is larger than ${limit / 1024 / 1024} MB; refusing to read it`,
          'INPUT_TOO_LARGE',
        );
      }
      chunks.push(bytes);
    }
  } catch (failure) {
    if (failure instanceof UsageError) throw failure;
    throw new UsageError(
      `${command}: cannot read ${where}: ${reasonOf(failure)}`,
      'UNREADABLE_INPUT',
    );
  }
  return Buffer.concat(chunks).toString('utf8');
}

function reasonOf(failure: unknown): string {
  const code = (failure as { code?: unknown } | null)?.code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'it is a directory';
  return failure instanceof Error ? failure.message : String(failure);
}

/**
 * An argument that names a file rather than holding an error: no whitespace, not JSON, and a
 * path separator or the extension of a file an error is kept in. Such an argument that names no
 * readable file is refused instead of being read as the text "err.json".
 */
const LOOKS_LIKE_PATH = /^(?![[{"])\S*(?:[/\\]\S*|\.(?:json|jsonl|ndjson|txt|log|out|err))$/i;

/**
 * The content of the file `arg` names, or `undefined` when `arg` names no file and does not
 * look like a path (it is the error itself, then).
 */
async function readFileArgument(
  arg: string,
  command: string,
  limit: number,
): Promise<string | undefined> {
  const where = JSON.stringify(arg);
  let info;
  try {
    info = await stat(arg);
  } catch (failure) {
    if (!LOOKS_LIKE_PATH.test(arg)) return undefined;
    throw new UsageError(
      `${command}: cannot read ${where}: ${reasonOf(failure)}`,
      'UNREADABLE_INPUT',
    );
  }
  if (info.isDirectory()) {
    throw new UsageError(`${command}: cannot read ${where}: it is a directory`, 'UNREADABLE_INPUT');
  }
  // Bounded while reading too: a FIFO or a device has no size to check first.
  if (info.size > limit) {
    throw new UsageError(
      `${command}: input on ${where} is larger than ${limit / 1024 / 1024} MB; refusing to read it`,
      'INPUT_TOO_LARGE',
    );
  }
  const stream = createReadStream(arg);
  try {
    return await readBounded(stream, command, limit, where);
  } finally {
    stream.destroy();
  }
}

/**
 * The input: the file the positional argument names, else the argument itself; stdin for `-`
 * (or no argument while stdin is not a terminal). Returns `undefined` when there is nothing to
 * read without blocking on a terminal: the caller prints usage.
 */
export async function readInput(
  positionals: readonly string[],
  stdin: CliStdin | undefined,
  command: string,
  limit = MAX_INPUT_BYTES,
): Promise<string | undefined> {
  if (positionals.length > 1) {
    throw new UsageError(
      `${command}: expected one input (a file, JSON, text or -), received ${positionals.length} arguments; quote the JSON`,
    );
  }
  const [arg] = positionals;
  if (arg !== undefined && arg !== '-') {
    const fromFile = arg === '' ? undefined : await readFileArgument(arg, command, limit);
    if (fromFile !== undefined) return fromFile;
    if (Buffer.byteLength(arg) > limit) {
      throw new UsageError(
        `${command}: input is larger than ${limit / 1024 / 1024} MB`,
        'INPUT_TOO_LARGE',
      );
    }
    return arg;
  }
  if (stdin === undefined || (arg === undefined && stdin.isTTY === true)) return undefined;
  return readBounded(stdin, command, limit, 'stdin');
}

// JSON that failed to parse, as opposed to text such as `[ERROR code=…] …` (ToolError text).
const LOOKS_LIKE_JSON = /^(?:\{|\[\s*(?:[{["\]\d-]|$))/;

/** The input, parsed as JSON where it is JSON, else the text itself. */
export function parseInput(text: string, command: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') {
    throw new UsageError(`${command}: the input is empty; expected an error`, 'EMPTY_INPUT');
  }
  try {
    const value = JSON.parse(trimmed) as unknown;
    if (value === null || (typeof value !== 'object' && typeof value !== 'string')) {
      throw new UsageError(
        `${command}: the input is the JSON ${typeof value === 'number' || typeof value === 'boolean' ? typeof value : 'null'} ${trimmed.slice(0, 40)}, not an error`,
        'NO_ERROR_FOUND',
      );
    }
    return value;
  } catch (failure) {
    if (failure instanceof UsageError) throw failure;
    if (LOOKS_LIKE_JSON.test(trimmed)) {
      const reason = failure instanceof Error ? failure.message : String(failure);
      throw new UsageError(
        `${command}: the input looks like JSON but does not parse: ${reason}`,
        'INVALID_JSON',
      );
    }
    return text;
  }
}

/** The prefixes the MCP SDK and tool dispatchers put before an error's text. */
const DISPATCH_PREFIX = /^\s*tool dispatch error:/i;

/** Words that make plain text an error report: `Error: boom`, `ECONNRESET`, `TypeError`. */
const ERROR_WORDS =
  /\b(?:errors?|err|fail(?:s|ed|ure|ing)?|exceptions?|crash(?:ed)?|panic(?:ked)?|fatal|abort(?:ed)?|denied|refused|rejected|invalid|unable|cannot|can't|could(?:n't| not)|unexpected|exceeded|traceback|rate[ -]?limit(?:s|ing)?|throttl(?:ed|ing))\b/i;
const ERROR_NAMES = /\bE[A-Z]{2,}\b|\w(?:Errors?|Exception)\b/;

/**
 * Whether plain text (not JSON, or a JSON string) reports an error: ToolError text, an
 * `MCP error <code>:` or `Tool dispatch error:` prefix, a phrase the decoder classifies by
 * (`rate limited`, `timed out`, `not found`, … : `decoded` is then not `internal`), or an error
 * word (`error`, `failed`, `exception`, `ECONNRESET`, `TypeError`, …). `hello world` does not.
 */
export function textReportsError(text: string, decoded: AgentError): boolean {
  return (
    decoded.category !== 'internal' ||
    DISPATCH_PREFIX.test(text) ||
    hasMcpErrorPrefix(text) ||
    ERROR_WORDS.test(text) ||
    ERROR_NAMES.test(text) ||
    parseToolErrorText(text) !== undefined
  );
}

function clipped(text: string, max = 60): string {
  const oneLine = text.trim().replace(/\s+/g, ' ');
  // The input is echoed in an error message: its secrets go, before the cut.
  return JSON.stringify(redactThenCut(oneLine, max));
}

/** What a success looks like, named: `: it is a JSON-RPC success response`, or nothing. */
function successOf(input: unknown): string {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return '';
  const record = input as Record<string, unknown>;
  if ('result' in record && !('error' in record) && ('jsonrpc' in record || 'id' in record)) {
    return ': it is a JSON-RPC success response (a result, no error)';
  }
  const status = record.status;
  if (typeof status === 'number' && status >= 100 && status < 400) {
    return `: it is an HTTP response with status ${status}, not a failure`;
  }
  return '';
}

/**
 * Decode the parsed input, refusing input that holds no error (`NO_ERROR_FOUND`): JSON with no
 * error shape and no message in it (a success response, `{"ok":true}`, a batch with no error
 * response), and plain text with no sign of an error ({@link textReportsError}).
 */
export function decodeInput(
  input: unknown,
  protocol: Protocol | undefined,
  command: string,
): AgentError {
  const error = decode(input, protocol ? { from: protocol } : {});
  if (error.code === 'NOT_AN_ERROR') {
    throw new UsageError(`${command}: ${error.message}`, 'NO_ERROR_FOUND');
  }
  if (typeof input === 'string') {
    if (!textReportsError(input, error)) {
      throw new UsageError(
        `${command}: no error found in the input: ${clipped(input)} is plain text with no error in it (no ToolError fields, no "MCP error <code>:" prefix, no error words)`,
        'NO_ERROR_FOUND',
      );
    }
    return error;
  }
  const hasMessage =
    typeof input === 'object' &&
    input !== null &&
    typeof (input as { message?: unknown }).message === 'string';
  if (error.wire === undefined && typeof input === 'object' && !hasMessage) {
    throw new UsageError(
      `${command}: no error found in the input${successOf(input)}; expected a JSON-RPC error or response, an MCP tool result, ToolError text, an ARCP payload or envelope, an HTTP response or problem document, or a provider error body`,
      'NO_ERROR_FOUND',
    );
  }
  return error;
}
