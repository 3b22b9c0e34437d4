import { convert } from './convert.js';
import { runDemoCases, formatDemo } from './demo.js';
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

Runs a handful of realistic failures (a crash with a token in its message, a real
ECONNREFUSED, a schema failure, an abort, a rate limit), normalises each with
toAgentError, and prints its category, retryability, next step and safe serialised form.

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
  const cases = await runDemoCases();
  io.stdout.write(
    json
      ? `${JSON.stringify(cases, null, 2)}\n`
      : formatDemo(cases, createStyle(colourFor(io.stdout))),
  );
  return 0;
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
