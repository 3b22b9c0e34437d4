import { encode } from '../front/encode.js';
import { QUIET } from './quiet.js';
import type { EncodeOptions } from '../front/encode.js';
import type { CliIo } from './main.js';
import { choiceOption, parseArgs, protocolOption } from './args.js';
import { decodeInput, parseInput, readInput } from './read-input.js';
import { UsageError } from './usage-error.js';

export const CONVERT_USAGE = `Usage: agent-errors convert --to <protocol> [--from <protocol>] [options] [file | json | text | -]

Reads an error in any form (as explain does) and prints its wire form in another protocol:
a JSON-RPC error object for jsonrpc, acp, mcp, lsp and a2a; an ARCP ErrorPayload; ToolError
text for tool; { status, headers, body } for http. JSON is printed as JSON, tool text as text.

Arguments:
  file                  A file holding the error (read when the argument names an existing file)
  json | text           The error itself, as JSON or text
  -                     Read stdin (also the default with no argument, when stdin is piped)

Options:
  --to <protocol>       The target: jsonrpc, acp, mcp, lsp, a2a, arcp, tool, http (required)
  --from <protocol>     The protocol the input came from, to settle colliding codes
  --as toolResult       mcp: a CallToolResult with isError: true instead of a JSON-RPC error
  --a2a-version <v>     a2a: the data form, 1.0 (default) or 0.3 (formerly --version)
  --envelope <type>     arcp: wrap in a session.error, job.error or tool_result envelope
  --call-id <id>        arcp tool_result envelope: the tool call it answers
  --json                Print tool text as a JSON string too; errors go to stderr as
                        { "error": { "code", "message" } }
  -h, --help            Show this help

Input with no error in it exits with code 2, as explain says (agent-errors explain --help).

Examples:
  agent-errors convert --to http '{"code":-32000,"message":"Authentication required"}' --from acp
  agent-errors convert --to a2a --a2a-version 0.3 err.json
  echo '[ERROR code=RATE_LIMITED category=rate_limit retryable=true retryAfterMs=2000] slow' \\
    | agent-errors convert --to mcp --as toolResult
`;

type ConvertOption = '--to' | '--from' | '--as' | '--a2a-version' | '--envelope' | '--call-id';

/** Target-specific options, each refused for a target that does not read it. */
function encodeOptions(to: string, options: Partial<Record<ConvertOption, string>>): EncodeOptions {
  const out: EncodeOptions = {};
  const only = (option: ConvertOption, target: string) => {
    if (options[option] !== undefined && to !== target) {
      throw new UsageError(`convert: ${option} applies only to --to ${target}`);
    }
    return options[option];
  };
  const as = only('--as', 'mcp');
  if (as !== undefined) out.as = choiceOption('convert', '--as', as, ['toolResult', 'error']);
  const version = only('--a2a-version', 'a2a');
  if (version !== undefined) {
    out.version = choiceOption('convert', '--a2a-version', version, ['1.0', '0.3']);
  }
  const envelope = only('--envelope', 'arcp');
  if (envelope !== undefined) {
    out.envelope = choiceOption('convert', '--envelope', envelope, [
      'session.error',
      'job.error',
      'tool_result',
    ]);
  }
  const callId = only('--call-id', 'arcp');
  if (callId !== undefined) out.callId = callId;
  if (out.envelope === 'tool_result' && out.callId === undefined) {
    throw new UsageError('convert: --envelope tool_result needs --call-id <id>');
  }
  return out;
}

/** `agent-errors convert`. */
export async function convert(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseArgs(args, {
    command: 'convert',
    flags: ['--json'],
    options: ['--to', '--from', '--as', '--a2a-version', '--envelope', '--call-id'],
  });
  if (parsed.help) {
    io.stdout.write(CONVERT_USAGE);
    return 0;
  }
  const { options } = parsed;
  if (options['--to'] === undefined) {
    throw new UsageError('convert: --to <protocol> is required');
  }
  const to = protocolOption('convert', '--to', options['--to']);
  const from =
    options['--from'] === undefined
      ? undefined
      : protocolOption('convert', '--from', options['--from']);
  const encodeWith = encodeOptions(to, options);
  const text = await readInput(parsed.positionals, io.stdin, 'convert');
  if (text === undefined) {
    throw new UsageError(
      'convert: no input; pass the error as an argument or pipe it on stdin',
      'NO_INPUT',
      CONVERT_USAGE,
    );
  }
  const error = decodeInput(parseInput(text, 'convert'), from, 'convert');
  const form = encode(error, to, { ...QUIET, ...encodeWith });
  io.stdout.write(
    typeof form === 'string' && !parsed.flags.has('--json')
      ? `${form}\n`
      : `${JSON.stringify(form, null, 2)}\n`,
  );
  return 0;
}
