// The library's default report of an unexpected error is one line on console.error. Hundreds of
// tests send unexpected errors on purpose, so here those lines are collected instead of printed:
// the test log shows only what matters. Everything else reaches the console as before, and a
// test that watches console.error (vi.spyOn) still sees every call, these lines included.
import { afterAll } from 'vitest';

const LINE = /^agent-errors: unexpected error \(errorId /;
const collected: string[] = [];
const print = console.error.bind(console);

console.error = (...args: unknown[]): void => {
  if (typeof args[0] === 'string' && LINE.test(args[0])) {
    collected.push(args[0]);
    return;
  }
  print(...args);
};

// AGENT_ERRORS_SHOW_UNEXPECTED=1 prints how many were collected in each test file.
afterAll(() => {
  if (process.env.AGENT_ERRORS_SHOW_UNEXPECTED === '1' && collected.length > 0) {
    print(`agent-errors (test setup): ${collected.length} unexpected-error lines collected`);
  }
});
