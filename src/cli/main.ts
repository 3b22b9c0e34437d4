import { readFileSync } from 'node:fs';
import { convert } from './convert.js';
import { formatDemo, runDemo } from './demo.js';
import { explain } from './explain.js';
import type { CliStdin } from './read-input.js';
import { colourFor, createStyle } from './style.js';
import { UsageError } from './usage-error.js';

/** Where the command writes; injectable so tests can run it in process. */
export interface CliIo {
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown; isTTY?: boolean };
  /** Where `explain` and `convert` read piped input; absent means there is none. */
  stdin?: CliStdin;
}

const USAGE = `Usage: agent-errors <command> [options]

Commands:
  explain [file | json | -]          Say what an error from any protocol means and what to do next
  convert --to <p> [file | json | -] Print an error in another protocol's wire form
  demo [--json]                      Show realistic failures normalised, classified and serialised

Options:
  -h, --help                         Show help for a command (agent-errors explain --help)
  --version                          Print the version of agent-errors
  --json                             With a command: print JSON; errors go to stderr as
                                     { "error": { "code", "message" } }

Exit codes: 0 done; 2 bad usage, unreadable input or no error in the input; 1 unexpected failure.

Examples:
  agent-errors explain err.json
  agent-errors explain 'MCP error -32001: Request timed out'
  echo '{ "status": 429, "headers": { "retry-after": "2" } }' | agent-errors explain --json
  agent-errors convert --to http --from acp '{"code":-32000,"message":"Authentication required"}'
  agent-errors demo
`;

const DEMO_USAGE = `Usage: agent-errors demo [--json]

Spawns a tool server as a child process and calls its tools over stdio (JSON-RPC 2.0,
MCP dialect) through retry(). The tools fail the way real tools do: login expired, rate
limited, not found, bad input, slow then timing out, flapping, a crash with a token in its
message, a budget used up, and an idempotent write whose reply is lost. For each call it
prints what crossed the wire, how it was classified, what was decided, the attempts and the
outcome; then that the token never crossed the wire and that the write ran once.
Exits 0 when both hold.

Options:
  --json          Print the same as JSON
  -h, --help      Show this help
`;

async function demo(args: readonly string[], io: CliIo): Promise<number> {
  let json = false;
  for (const arg of args) {
    if (arg === '--json') json = true;
    else if (arg === '-h' || arg === '--help') {
      io.stdout.write(DEMO_USAGE);
      return 0;
    } else
      throw new UsageError(
        `demo: unknown option ${JSON.stringify(arg)}; expected --json or --help`,
      );
  }
  const report = await runDemo();
  io.stdout.write(
    json
      ? `${JSON.stringify(report, null, 2)}\n`
      : formatDemo(report, createStyle(colourFor(io.stdout))),
  );
  return report.ok ? 0 : 1;
}

/** The version in the package's package.json (two levels up from src/cli and dist/cli). */
export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version?: unknown;
  };
  if (typeof pkg.version !== 'string') throw new Error('package.json has no version');
  return pkg.version;
}

/** Whether errors are to be reported as JSON: `--json` anywhere before a `--`. */
function wantsJson(args: readonly string[]): boolean {
  for (const arg of args) {
    if (arg === '--') return false;
    if (arg === '--json') return true;
  }
  return false;
}

function reportError(io: CliIo, json: boolean, code: string, message: string, usage?: string) {
  if (json) {
    io.stderr.write(`${JSON.stringify({ error: { code, message } })}\n`);
  } else if (code === 'INTERNAL') {
    io.stderr.write(`agent-errors: unexpected failure: ${message}\n`);
  } else {
    io.stderr.write(`${usage ?? ''}agent-errors: ${message}\nRun agent-errors --help for usage.\n`);
  }
}

/**
 * Run the `agent-errors` command with `args` (without the node and script paths).
 * Resolves to the exit code; never throws for bad input. With `--json`, errors are written to
 * stderr as `{ "error": { "code", "message" } }` (the codes of `CliErrorCode`, or `INTERNAL`).
 */
export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = args;
  const json = wantsJson(args);
  try {
    switch (command) {
      case 'explain':
        return await explain(rest, io);
      case 'convert':
        return await convert(rest, io);
      case 'demo':
        return await demo(rest, io);
      case '--version':
        io.stdout.write(`${packageVersion()}\n`);
        return 0;
      case undefined:
      case '-h':
      case '--help':
      case 'help':
        io.stdout.write(USAGE);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(
          `unknown command ${JSON.stringify(command)}; expected one of: explain, convert, demo`,
        );
    }
  } catch (error) {
    if (error instanceof UsageError) {
      reportError(io, json, error.code, error.message, error.usage);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    reportError(io, json, 'INTERNAL', message);
    return 1;
  }
}
