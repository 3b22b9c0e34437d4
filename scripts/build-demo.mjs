// The demo's build: esbuild transpiles each source file to dist/ as it stands (no bundling, no
// type check, no declarations), in well under a second, so `npm start` shows the library quickly
// on a fresh clone. It writes only the .js files, leaving any declarations a tsc build left. The
// published dist/ comes from `npm run build` (tsc), which `npm test` and `npm pack` run first.
import { chmodSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const sources = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !/\.test(-d)?\.ts$/.test(file))
  .map((file) => join('src', file));

await build({
  entryPoints: sources,
  outdir: 'dist',
  outbase: 'src',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
});
chmodSync('dist/cli/bin.js', 0o755);
