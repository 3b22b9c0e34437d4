import { readFileSync } from 'node:fs';
import { convert } from './convert.js';
import { explain } from './explain.js';
import type { CliStdin } from './read-input.js';
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
`;

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
          `unknown command ${JSON.stringify(command)}; expected one of: explain, convert`,
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
