// What one measured import of bench/bundle-size.js is made of: the bytes each source file adds
// to the minified bundle (esbuild's metafile), largest first.
//   node bench/bundle-inputs.js <name prefix> [rows]   e.g. `createDecoder`, `retry`, `decode`
import { BUNDLES, bundle } from './bundle-size.js';

const prefix = process.argv[2] ?? 'createDecoder';
const rows = Number(process.argv[3] ?? 40);
const measured = BUNDLES.find((b) => b.name.startsWith(prefix));
if (measured === undefined) {
  console.error(`No measured import starts with ${JSON.stringify(prefix)}; one of:`);
  for (const b of BUNDLES) console.error(`  ${b.name}`);
  process.exit(2);
}
const { metafile } = await bundle(measured.code, { metafile: true });
const [output] = Object.values(metafile.outputs);
const inputs = Object.entries(output.inputs)
  .map(([file, { bytesInOutput }]) => ({
    bytes: bytesInOutput,
    file: file.replace(/^.*dist\//, ''),
  }))
  .sort((a, b) => b.bytes - a.bytes);
const total = inputs.reduce((sum, input) => sum + input.bytes, 0);
console.log(`${measured.name}: ${total} bytes minified, before gzip`);
for (const { bytes, file } of inputs.slice(0, rows))
  console.log(`${String(bytes).padStart(7)}  ${file}`);
