// Each source file of src/ transpiled to `outdir` by esbuild, as it stands: no bundling, no type
// check, no declarations, in well under a second. For the demo (`npm start`) and for tests that
// run the library in child processes from a copy of their own; the published dist/ comes from
// tsc (`npm run build`).
import { chmodSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Transpile src/ into `outdir` (absolute, or relative to the repository's root). */
export async function transpile(outdir) {
  const src = join(root, 'src');
  const sources = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !/\.test(-d)?\.ts$/.test(file))
    .map((file) => join(src, file));
  const out = resolve(root, outdir);
  await build({
    entryPoints: sources,
    outdir: out,
    outbase: src,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
  });
  chmodSync(join(out, 'cli/bin.js'), 0o755);
}
