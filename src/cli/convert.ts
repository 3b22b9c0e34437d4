import { encode } from '../front/encode.js';
import type { EncodeOptions } from '../front/encode.js';
import type { CliIo } from './main.js';
import { choiceOption, parseArgs, protocolOption } from './args.js';
import { decodeInput, parseInput, readInput } from './read-input.js';
import { UsageError } from './usage-error.js';

export const CONVERT_USAGE = `Usage: agent-errors convert --to <protocol> [--from <protocol>] [options] [json | -]

Reads an error in any form (as explain does) and prints its wire form in another protocol:
a JSON-RPC error object for jsonrpc, acp, mcp, lsp and a2a; an ARCP ErrorPayload; ToolError
text for tool; { status, headers, body } for http. JSON is printed as JSON, tool text as text.

Arguments:
  json | -              The error as JSON or text; - (or no argument, with piped input) reads stdin

Options:
  --to <protocol>       The target: jsonrpc, acp, mcp, lsp, a2a, arcp, tool, http (required)
  --from <protocol>     The protocol the input came from, to settle colliding codes
  --as toolResult       mcp: a CallToolResult with isError: true instead of a JSON-RPC error
  --version <v>         a2a: the data form, 1.0 (default) or 0.3
  --envelope <type>     arcp: wrap in a session.error, job.error or tool_result envelope
  --call-id <id>        arcp tool_result envelope: the tool call it answers
  -h, --help            Show this help

Examples:
  agent-errors convert --to http '{"code":-32000,"message":"Authentication required"}' --from acp
  echo '[ERROR code=RATE_LIMITED category=rate_limit retryable=true retryAfterMs=2000] slow' \\
    | agent-errors convert --to mcp --as toolResult
`;

type ConvertOption = '--to' | '--from' | '--as' | '--version' | '--envelope' | '--call-id';

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
  const version = only('--version', 'a2a');
  if (version !== undefined) {
    out.version = choiceOption('convert', '--version', version, ['1.0', '0.3']);
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
    flags: [],
    options: ['--to', '--from', '--as', '--version', '--envelope', '--call-id'],
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
    io.stderr.write(CONVERT_USAGE);
    throw new UsageError('convert: no input; pass the error as an argument or pipe it on stdin');
  }
  const error = decodeInput(parseInput(text, 'convert'), from, 'convert');
  const form = encode(error, to, encodeWith);
  io.stdout.write(typeof form === 'string' ? `${form}\n` : `${JSON.stringify(form, null, 2)}\n`);
  return 0;
}
