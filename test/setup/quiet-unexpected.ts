// The library's default report of an unexpected error is one line on console.error. Hundreds of
// tests send unexpected errors on purpose, so here those lines are collected instead of printed:
// the test log shows only what matters. Everything else reaches the console as before, and a
// test that watches console.error (vi.spyOn) still sees every call, these lines included.
//
// Workers that run several files without isolation run this file once per test file: the filter
// is installed once per process (marked on console.error) and the count is per file.
import { afterAll } from 'vitest';

const LINE = /^agent-errors: unexpected error \(errorId /;
const INSTALLED = Symbol.for('agent-errors.test.quiet-unexpected');

interface QuietConsoleError {
  (...args: unknown[]): void;
  [INSTALLED]: { collected: number; print: (...args: unknown[]) => void };
}

function install(): QuietConsoleError[typeof INSTALLED] {
  const current = console.error as Partial<QuietConsoleError>;
  if (current[INSTALLED]) return current[INSTALLED];
  const state = { collected: 0, print: console.error.bind(console) };
  const quiet = ((...args: unknown[]): void => {
    if (typeof args[0] === 'string' && LINE.test(args[0])) {
      state.collected++;
      return;
    }
    state.print(...args);
  }) as QuietConsoleError;
  quiet[INSTALLED] = state;
  console.error = quiet;
  return state;
}

const state = install();
const before = state.collected;

// AGENT_ERRORS_SHOW_UNEXPECTED=1 prints how many were collected in each test file.
afterAll(() => {
  const collected = state.collected - before;
  if (process.env.AGENT_ERRORS_SHOW_UNEXPECTED === '1' && collected > 0) {
    state.print(`agent-errors (test setup): ${collected} unexpected-error lines collected`);
  }
});
