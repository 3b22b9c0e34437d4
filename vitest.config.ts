import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = fileURLToPath(new URL('./src/', import.meta.url));

export default defineConfig({
  resolve: {
    // Tests and README blocks import the package by its public name; point that at the sources.
    alias: [
      { find: /^agent-errors$/, replacement: `${src}index.ts` },
      { find: /^agent-errors\/(.+)$/, replacement: `${src}entries/$1.ts` },
    ],
  },
  test: {
    // Unexpected-error lines (the default onError report) are collected, not printed.
    setupFiles: ['test/setup/quiet-unexpected.ts'],
    testTimeout: 20_000,
    projects: [
      {
        // The unit tests beside the code share their workers' module cache (no isolation): they
        // set no globals, mock no modules and restore what they spy on, and each file would
        // otherwise import the library and the SDKs again, which cost more than the tests.
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          isolate: false,
          // The type tests compile in tsconfig.json too: npm test's typecheck step has checked them
          // (an expectTypeOf that does not hold fails it) and sets AGENT_ERRORS_TYPECHECKED=1 here
          // to save a second full tsc run.
          typecheck: {
            enabled: process.env.AGENT_ERRORS_TYPECHECKED !== '1',
            include: ['src/**/*.test-d.ts', 'test/**/*.test-d.ts'],
          },
        },
      },
      {
        // Integration suites (servers, child processes, real timers, patched globals) keep a
        // fresh module graph per file.
        extends: true,
        test: { name: 'integration', include: ['test/**/*.test.ts'] },
      },
    ],
  },
});
