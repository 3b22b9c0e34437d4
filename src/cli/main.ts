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
  explain [json | -]          Say what an error from any protocol means and what to do next
  convert --to <p> [json | -] Print an error in another protocol's wire form
  demo [--json]               Show realistic failures normalised, classified and serialised

Options:
  -h, --help                  Show help for a command
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

/**
 * Run the `agent-errors` command with `args` (without the node and script paths).
 * Resolves to the exit code; never throws for bad input.
 */
export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = args;
  try {
    switch (command) {
      case 'explain':
        return await explain(rest, io);
      case 'convert':
        return await convert(rest, io);
      case 'demo':
        return await demo(rest, io);
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
      io.stderr.write(`agent-errors: ${error.message}\nRun agent-errors --help for usage.\n`);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`agent-errors: unexpected failure: ${message}\n`);
    return 1;
  }
}
