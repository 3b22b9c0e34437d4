import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const dist = `${root}dist/`;

/** The built package must exist: `npm test` builds before it runs Vitest. */
export function requireBuild(): void {
  if (!existsSync(`${dist}index.js`)) {
    throw new Error('dist/ is missing: run `npm run build` (npm test does it) before these tests');
  }
}
