// Tests that need a program from the system (redis-server, chromium) decide here whether they
// run: always where it is installed; where it is missing, skipped with a warning on a developer
// machine, run (and so failing, saying what is missing) under CI, or skipped quietly when asked.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The path of the executable `name` on PATH, or `undefined`. */
export function findOnPath(
  name: string,
  path: string = process.env.PATH ?? '',
): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** What tests that need a system program do on this machine. */
export type TestPlan =
  /** The program is installed: run them. */
  | 'run'
  /** Missing, and the skip variable is `1`: skip quietly. */
  | 'skip'
  /** Missing on a developer machine: skip, with a warning that names the package to install. */
  | 'skip-with-warning'
  /** Missing under CI: run them anyway, so that they fail and say why. */
  | 'fail';

/** Whether `CI` is set the way CI services set it (`true`, `1`, …; not empty, `0` or `false`). */
export function isCi(env: NodeJS.ProcessEnv): boolean {
  const ci = env.CI?.trim().toLowerCase();
  return ci !== undefined && ci !== '' && ci !== '0' && ci !== 'false';
}

/**
 * Decide what the tests do. With the program installed they always run. Without it: the skip
 * variable set to `1` skips them (an explicit choice, honoured under CI too); under CI they run
 * and fail loudly (CI must test it); elsewhere they are skipped with a warning, so that
 * `npm ci && npm test` passes on a machine that lacks the program.
 */
export function testPlan(env: NodeJS.ProcessEnv, found: boolean, skipVariable: string): TestPlan {
  if (found) return 'run';
  if (env[skipVariable] === '1') return 'skip';
  return isCi(env) ? 'fail' : 'skip-with-warning';
}

/**
 * A `skip…Tests(env, found, warn)` function for one program: whether its tests should be skipped
 * here, warning once (console.warn) when they are skipped only because the program is missing.
 */
export function skipper(
  skipVariable: string,
  warning: string,
  isFound: () => boolean,
): (env?: NodeJS.ProcessEnv, found?: boolean, warn?: (message: string) => void) => boolean {
  let warned = false;
  return (env = process.env, found = isFound(), warn = console.warn) => {
    const plan = testPlan(env, found, skipVariable);
    if (plan === 'skip-with-warning' && !warned) {
      warned = true;
      warn(warning);
    }
    return plan === 'skip' || plan === 'skip-with-warning';
  };
}
