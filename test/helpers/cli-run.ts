import { spawnSync } from 'node:child_process';
import { runCli } from '../../src/cli/main.js';
import { dist } from '../built.js';

/** What one run of `agent-errors` gave: its exit code and everything it wrote. */
export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** How to run it: piped standard input, the directory it runs in, variables set or removed. */
export interface CliRunOptions {
  /** Piped to stdin (the command sees a pipe that ends after it); without it, an empty pipe. */
  input?: string | Buffer;
  cwd?: string;
  /** Set for the run; `undefined` removes the variable. */
  env?: Record<string, string | undefined>;
}

/** Both runs start with no colour variables set: output is plain because stdout is a pipe. */
const COLOUR_VARIABLES = { NO_COLOR: undefined, FORCE_COLOR: undefined };

/**
 * Run the command in this process through its own entry (`runCli`, which `bin.js` calls with
 * the process's streams): the same parsing, reading and writing, without a Node start per case.
 * The environment and working directory are the process's, so they are set for the run and put
 * back after it; the test files run their cases one at a time.
 */
export async function cliInProcess(
  args: readonly string[],
  options: CliRunOptions = {},
): Promise<CliResult> {
  const env = { ...COLOUR_VARIABLES, ...options.env };
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  const cwd = process.cwd();
  const setEnv = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  let stdout = '';
  let stderr = '';
  const input = options.input;
  const stdin = {
    isTTY: false,
    async *[Symbol.asyncIterator]() {
      if (input !== undefined && input.length > 0) yield input;
    },
  };
  setEnv(env);
  if (options.cwd !== undefined) process.chdir(options.cwd);
  try {
    const code = await runCli(args, {
      stdout: { write: (text: string) => (stdout += text), isTTY: false },
      stderr: { write: (text: string) => (stderr += text), isTTY: false },
      stdin,
    });
    return { code, stdout, stderr };
  } finally {
    process.chdir(cwd);
    setEnv(saved);
  }
}

/**
 * Run the built binary (`dist/cli/bin.js`) in a child Node, stdout and stderr pipes: what proves
 * the published command starts, sets its exit code and reads a real pipe.
 */
export function cliSpawned(args: readonly string[], options: CliRunOptions = {}): CliResult {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const [name, value] of Object.entries({ ...COLOUR_VARIABLES, ...options.env })) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  const result = spawnSync(process.execPath, [`${dist}cli/bin.js`, ...args], {
    encoding: 'utf8',
    env,
    timeout: 30_000,
    maxBuffer: 64 * 1024 * 1024,
    ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
    ...(options.input !== undefined ? { input: options.input } : {}),
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
