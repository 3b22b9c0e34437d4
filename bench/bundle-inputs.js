import { fileURLToPath } from 'node:url';
const root = fileURLToPath(new URL('..', import.meta.url));
import { build } from 'esbuild';
import { BUNDLES } from './bundle-size.js';
const which = process.argv[2] ?? 'createDecoder';
const n = Number(process.argv[3] ?? 40);
const b = BUNDLES.find((x) => x.name.startsWith(which));
const r = await build({
  stdin: { contents: b.code, resolveDir: root, loader: 'js' },
  tsconfigRaw: '{}',
  bundle: true,
  minify: true,
  treeShaking: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  write: false,
  logLevel: 'silent',
  metafile: true,
});
const out = Object.values(r.metafile.outputs)[0];
const rows = Object.entries(out.inputs)
  .map(([k, v]) => [v.bytesInOutput, k.replace(/^.*dist\//, '')])
  .sort((a, c) => c[0] - a[0]);
let total = 0;
for (const [x] of rows) total += x;
console.log(b.name, 'total min', total);
for (const [x, k] of rows.slice(0, n)) console.log(String(x).padStart(7), k);
