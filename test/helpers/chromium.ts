import { findOnPath, skipper } from './test-plan.js';

/** Debian's Chromium, as `.ci/run` installs it. */
export function findChromium(): string | undefined {
  return findOnPath('chromium');
}

export const MISSING_CHROMIUM_MESSAGE =
  'chromium is not on PATH. Install it (Debian: apt-get install chromium) to run the browser ' +
  'test (under CI=true it requires it), or set AGENT_ERRORS_SKIP_BROWSER=1 to skip it.';

export const SKIPPED_BROWSER_WARNING =
  'agent-errors: skipping the browser test: chromium is not on PATH. Install the Debian ' +
  'package chromium (apt-get install chromium) to run it; under CI=true it runs and fails instead.';

/** A new `skipBrowserTests`, which has not warned yet (for tests of the plan itself). */
export function browserTestSkipper(): ReturnType<typeof skipper> {
  return skipper(
    'AGENT_ERRORS_SKIP_BROWSER',
    SKIPPED_BROWSER_WARNING,
    () => findChromium() !== undefined,
  );
}

/**
 * Whether the browser test should be skipped here, warning once (console.warn) when it is
 * skipped only because chromium is missing. AGENT_ERRORS_SKIP_BROWSER=1 skips it quietly.
 */
export const skipBrowserTests = browserTestSkipper();
