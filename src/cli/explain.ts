import type { NextAction, Protocol } from '../core/categories.js';
import type { CliIo } from './main.js';
import { parseArgs, protocolOption } from './args.js';
import { explainError } from './explain-report.js';
import type { ExplainReport } from './explain-report.js';
import { readPastedText, readSerializedClass } from './pasted-text.js';
import { plainText } from './transcripts.js';
import { decodeInput, parseInput, readInput } from './read-input.js';
import { colourFor, createStyle } from './style.js';
import type { Style } from './style.js';
import { UsageError } from './usage-error.js';
import { redactThenCut } from '../core/sanitize-message.js';

export const EXPLAIN_USAGE = `Usage: agent-errors explain [--protocol <p>] [--json] [file | json | text | -]

Reads an error in any form — a JSON-RPC error or response, an MCP tool result, ToolError
text, "MCP error -32001: …", an ARCP payload or envelope, an HTTP response or problem
document, a provider API error body, a curl or wget transcript, an SDK error as printed —
from a file, the argument or stdin, and says what it is, whether to retry and when, the next
step, and the same error in every other protocol.

Arguments:
  file               A file holding the error (read when the argument names an existing file)
  json | text        The error itself, as JSON or text
  -                  Read stdin (also the default with no argument, when stdin is piped)

Options:
  --protocol <p>     The protocol it came from, to settle colliding codes
                     (jsonrpc, acp, mcp, lsp, a2a, arcp, tool, http)
  --json             Print the report as JSON; errors go to stderr as
                     { "error": { "code", "message" } }
  -h, --help         Show this help

What counts as an error (anything else exits with code 2, "no error found"):
  JSON   an error shape the decoder knows (an error member, { code, message }, isError: true,
         an HTTP status of 400 or more, an ARCP error envelope) or a string "message";
         a success response such as {"jsonrpc":"2.0","id":1,"result":{}} is no error
  text   ToolError text ([ERROR code=…] …), an "MCP error <code>:" or "Tool dispatch error:"
         prefix, or error words: error, failed, exception, denied, refused, invalid,
         timed out, rate limited, not found, unauthorized, ECONNRESET, TypeError, …;
         "hello world" is no error

Exit codes: 0 explained; 2 bad usage, unreadable input or no error found; 1 unexpected failure.

Examples:
  agent-errors explain err.json
  agent-errors explain '{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"Authentication required"}}' --protocol acp
  echo 'MCP error -32001: Request timed out' | agent-errors explain
  agent-errors explain --json 'Error: connect ECONNREFUSED 127.0.0.1:6379'
`;

// What stopping means for each category, in the words the model-facing `Next step:` line uses
// (`nextStepText`, docs/guides/model-sdk-tools.md).
const STOP_IN_WORDS: Partial<Record<string, string>> = {
  quota: 'stop: the quota is used up (tell the user)',
  cancelled: 'stop: it was cancelled (retry only if asked)',
  not_found: 'check the name or id: it does not exist (do not retry it unchanged)',
  protocol: 'do not retry it unchanged: the request was malformed',
  conflict: 'read the current state, then retry with what changed',
};

/**
 * The next step, in words for a person, as the rest of the library acts on it: `retry` backs off
 * (exponential, full jitter) unless the server said how long to wait, so no retryable error
 * means "retry now"; a conflict retries the whole operation (for a database, the whole
 * transaction) after reading the current state.
 */
export function nextInWords(
  report: Pick<ExplainReport, 'next' | 'category' | 'retryAfterMs'>,
): string {
  const { next, category, retryAfterMs } = report;
  // These categories decide alone, as in the model-facing line: waiting does not refill a quota,
  // and a cancelled call, a missing name or a malformed request fail the same way again.
  if (category === 'quota') {
    return retryAfterMs === undefined
      ? STOP_IN_WORDS.quota!
      : `stop: the quota is used up until it resets in ${retryAfterMs} ms (tell the user)`;
  }
  if (category === 'cancelled' || category === 'not_found' || category === 'protocol') {
    if (next !== 'reauthenticate' && next !== 'request_permission') return STOP_IN_WORDS[category]!;
  }
  switch (next) {
    case 'reauthenticate':
      return 'log in again, then retry';
    case 'request_permission':
      return 'ask for permission (as it is, it will fail the same way)';
    case 'fix_input':
      return 'fix the input, then retry';
    case 'give_up':
      return STOP_IN_WORDS[category] ?? 'give up (tell the user)';
    case 'wait_and_retry':
      return retryAfterMs === undefined
        ? 'back off (wait a little, longer each time), then retry'
        : `wait ${retryAfterMs} ms, then retry`;
    case 'retry':
      return category === 'conflict'
        ? 'read the current state, then retry the whole operation (a database: the whole transaction)'
        : 'retry after a short backoff';
  }
}

// Input from elsewhere must not drive the terminal: show control characters escaped.
function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => JSON.stringify(c).slice(1, -1));
}

// Redacted before the cut: a secret the cut would split goes whole.
function clip(text: string, max = 120): string {
  return redactThenCut(text, max);
}

/** One compact line for an encoded form. */
export function oneLine(protocol: string, form: unknown): string {
  if (typeof form === 'string') return form.split('\n', 1)[0] ?? '';
  const f = form as Record<string, unknown>;
  if (protocol === 'http') {
    const headers = (f.headers ?? {}) as Record<string, string>;
    const retry = headers['retry-after'];
    return `${String(f.status)}${retry !== undefined ? ` retry-after: ${retry}` : ''}`;
  }
  return `${String(f.code)} ${String(f.message)}`;
}

/**
 * What the input was recognised as, in words a user knows: its form, then the protocol or
 * family whose reading decided, and the code or status it carried (never a status of 0, which
 * means none was given).
 */
export function recognisedInWords(recognised: ExplainReport['recognised']): string {
  const { protocol, form, wireCode, pasted } = recognised;
  // A pasted form read by its shape already names its family (psql, mysql, an SDK): that family's
  // table read it, not its words.
  if (protocol === null && pasted === true) return form;
  // Text with no frame of its own is read by its words, whatever protocol the decoder defaults to.
  if (form === 'plain text') return 'plain text — read by its words';
  const reading = protocol === null ? 'read by its words' : `read as ${PROTOCOL_WORDS[protocol]}`;
  const carried =
    wireCode === undefined || wireCode === 0
      ? ''
      : protocol === 'http'
        ? `, status ${wireCode}`
        : `, code ${wireCode}`;
  return `${form} — ${reading}${carried}`;
}

const PROTOCOL_WORDS: Record<Protocol, string> = {
  jsonrpc: 'a JSON-RPC error',
  acp: 'an ACP error',
  mcp: 'an MCP error',
  lsp: 'an LSP error',
  a2a: 'an A2A error',
  arcp: 'an ARCP error',
  tool: 'a ToolError',
  http: 'an HTTP error',
  grpc: 'a gRPC status',
};

function retryInWords(report: ExplainReport): string {
  if (!report.retryable) return 'no';
  return report.retryAfterMs === undefined ? 'yes' : `yes, after ${report.retryAfterMs} ms`;
}

function colourNext(style: Style, next: NextAction, text: string): string {
  if (next === 'retry') return style.green(text);
  if (next === 'give_up') return style.red(text);
  return style.yellow(text);
}

/** The report for a person. */
export function formatExplain(report: ExplainReport, style: Style): string {
  const { recognised } = report;
  const label = (name: string) => style.dim(name.padEnd(12));
  const lines = [
    `${label('Recognised')}${printable(recognisedInWords(recognised))}`,
    `${label('Code')}${style.bold(printable(report.code))}`,
    `${label('Category')}${style.cyan(report.category)}`,
    `${label('Retryable')}${retryInWords(report)}`,
    `${label('Next step')}${colourNext(style, report.next, nextInWords(report))}`,
    // A message of several lines keeps them, each under the first (still escaped within a line).
    `${label('Message')}${clip(report.message, 300)
      .split('\n')
      .map(printable)
      .join(`\n${' '.repeat(12)}`)}`,
    '',
    style.bold('In other protocols'),
  ];
  for (const [protocol, form] of Object.entries(report.equivalents)) {
    lines.push(`  ${style.dim(protocol.padEnd(8))}${printable(clip(oneLine(protocol, form)))}`);
  }
  return `${lines.join('\n')}\n`;
}

/** `agent-errors explain`. */
export async function explain(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseArgs(args, {
    command: 'explain',
    flags: ['--json'],
    options: ['--protocol'],
  });
  if (parsed.help) {
    io.stdout.write(EXPLAIN_USAGE);
    return 0;
  }
  const hint = parsed.options['--protocol'];
  const protocol = hint === undefined ? undefined : protocolOption('explain', '--protocol', hint);
  const raw = await readInput(parsed.positionals, io.stdin, 'explain');
  if (raw === undefined) {
    throw new UsageError(
      'explain: no input; pass the error as an argument or pipe it on stdin',
      'NO_INPUT',
      EXPLAIN_USAGE,
    );
  }
  // What a terminal showed: its colour codes and CRLF line ends are no part of the error.
  const pastedInput = parseInput(plainText(raw), 'explain');
  // A `curl -i` response or an SDK error's printed form: read into the value it stands for.
  const pasted =
    typeof pastedInput === 'string'
      ? readPastedText(pastedInput)
      : readSerializedClass(pastedInput);
  const input = pasted?.value ?? pastedInput;
  const error = decodeInput(input, protocol, 'explain');
  const report = explainError(input, error, pasted?.form);
  io.stdout.write(
    parsed.flags.has('--json')
      ? `${JSON.stringify(report, null, 2)}\n`
      : formatExplain(report, createStyle(colourFor(io.stdout))),
  );
  return 0;
}
