// Figures a test measures (heap peaks, counts, ratios) are read by people tuning the code, not
// by the suite: printed at once when AGENT_ERRORS_TEST_FIGURES=1 asks for them, otherwise only
// if the test that measured them fails, so that a green run's log carries no expected output.
import { onTestFailed } from 'vitest';

const ASKED = process.env.AGENT_ERRORS_TEST_FIGURES === '1';

/** Prints `text` now if figures were asked for, else if the running test fails. Call inside a test. */
export function reportFigures(...text: unknown[]): void {
  if (ASKED) console.log(...text);
  else onTestFailed(() => console.log(...text));
}
