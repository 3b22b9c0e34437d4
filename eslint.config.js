// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Type-aware rules (floating promises, misused promises, unsafe any, …) run on the library's own
// sources, through the build's TypeScript program (tsconfig.build.json: src/ without its tests),
// where they find real bugs. Tests, scripts, benches and examples get the plain rules: a typed
// program over them would also load every SDK's types the tests import, and cost more than the
// rest of the lint together; an un-awaited assertion there is reported by Vitest itself.
export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'api-reference/**',
      '**/.readme-blocks/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/**/*.test.ts', 'src/**/*.test-d.ts'],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: {
      parserOptions: { project: './tsconfig.build.json', tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        performance: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
      },
    },
  },
);
