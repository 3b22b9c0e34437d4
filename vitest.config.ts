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
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Unexpected-error lines (the default onError report) are collected, not printed.
    setupFiles: ['test/setup/quiet-unexpected.ts'],
    typecheck: { enabled: true, include: ['src/**/*.test-d.ts', 'test/**/*.test-d.ts'] },
    testTimeout: 20_000,
  },
});
