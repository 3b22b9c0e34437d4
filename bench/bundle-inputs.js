// What one measured import of bench/bundle-size.js is made of: for each source file, the bytes
// it adds to the minified bundle (esbuild's metafile) and what leaving its code out would save
// once gzipped (the bundle gzipped without the characters the source map gives to that file).
// Gzip finds repeats across files, so the savings do not add up to the total: each says what
// that file alone costs. Largest gzip cost first. `--why <file>` prints instead how the measured
// import reaches each source file whose path contains <file> (one chain of imports, the
// shortest), to find who pulls a module into a bundle. `--without <files>` (comma-separated path
// parts) prints instead the measured import as it is and with those modules' code cut off (each
// export an empty function), so that what only they import falls out too: what splitting them
// out of the import would save, before writing the split.
//   node bench/bundle-inputs.js <name prefix> [rows]   e.g. `createDecoder`, `retry`, `decode`
//   node bench/bundle-inputs.js decode --why tool/tool-text.js
//   node bench/bundle-inputs.js createDecoder --without http/web-apis.js
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { BUNDLES, bundle } from './bundle-size.js';

/** The value after `flag` in the arguments, and the arguments without both. */
function takeFlag(args, flag) {
  const at = args.indexOf(flag);
  if (at < 0) return [undefined, args];
  return [args[at + 1], args.filter((_, i) => i !== at && i !== at + 1)];
}
const [why, afterWhy] = takeFlag(process.argv.slice(2), '--why');
const [cut, positional] = takeFlag(afterWhy, '--without');
const [prefix = 'createDecoder', rowsArg] = positional;
const rows = Number(rowsArg ?? 40);
const measured = BUNDLES.find((b) => b.name.startsWith(prefix));
if (measured === undefined) {
  console.error(`No measured import starts with ${JSON.stringify(prefix)}; one of:`);
  for (const b of BUNDLES) console.error(`  ${b.name}`);
  process.exit(2);
}
if (cut !== undefined) {
  await printWithout(cut.split(','));
  process.exit(0);
}

/**
 * The measured import's size as it is and with the modules whose path contains one of `parts`
 * replaced by stubs: the same export names, each an empty function, so that the importers still
 * bundle and what only the cut modules import is left out.
 */
async function printWithout(parts) {
  const cutOff = [];
  const stub = {
    name: 'without',
    setup(build) {
      build.onLoad({ filter: /\.js$/ }, async ({ path }) => {
        if (!path.includes('/dist/') || !parts.some((part) => path.includes(part)))
          return undefined;
        cutOff.push(path.replace(/^.*dist\//, ''));
        const names = Object.keys(await import(pathToFileURL(path).href));
        return { contents: names.map((n) => `export function ${n}() {}`).join('\n'), loader: 'js' };
      });
    },
  };
  const size = async (plugins) => {
    const bytes = (await bundle(measured.code, { plugins })).outputFiles[0].contents;
    return { min: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  };
  const [as, less] = await Promise.all([size([]), size([stub])]);
  if (cutOff.length === 0) {
    console.log(`No module of ${measured.name} contains ${parts.join(' or ')}`);
    return;
  }
  const kb = (bytes) => (bytes / 1000).toFixed(2);
  console.log(`${measured.name}, without ${cutOff.join(', ')}`);
  console.log(`  as it is:    ${kb(as.min)} KB minified, ${kb(as.gzip)} KB gzipped`);
  console.log(`  without:     ${kb(less.min)} KB minified, ${kb(less.gzip)} KB gzipped`);
  console.log(
    `  saved:       ${kb(as.min - less.min)} KB minified, ${kb(as.gzip - less.gzip)} KB gzipped`,
  );
}
const result = await bundle(measured.code, { metafile: true, sourcemap: true });
const [output] = Object.values(result.metafile.outputs).filter((o) => o.entryPoint !== undefined);
const name = (file) => file.replace(/^.*dist\//, '');
if (why !== undefined) {
  printChains(result.metafile.inputs, output.inputs, why);
  process.exit(0);
}

/**
 * For each input whose path contains `part`, the bytes it adds to the bundle and its shortest
 * chain of importers from the entry (a file imported for nothing it exports adds 0 bytes).
 */
function printChains(inputs, inOutput, part) {
  const importers = new Map();
  for (const [file, { imports }] of Object.entries(inputs)) {
    for (const { path } of imports) importers.set(path, [...(importers.get(path) ?? []), file]);
  }
  const targets = Object.keys(inputs).filter((file) => file.includes(part));
  if (targets.length === 0) console.log(`No file of ${measured.name} contains ${part}`);
  for (const target of targets) {
    // Breadth first from the file back to the entry (`<stdin>`): the first chain found is shortest.
    const from = new Map([[target, undefined]]);
    let frontier = [target];
    let entry;
    while (entry === undefined && frontier.length > 0) {
      const next = [];
      for (const file of frontier) {
        for (const importer of importers.get(file) ?? []) {
          if (from.has(importer)) continue;
          from.set(importer, file);
          if (importer === '<stdin>') entry = importer;
          next.push(importer);
        }
      }
      frontier = next;
    }
    const chain = [];
    for (let at = entry; at !== undefined; at = from.get(at)) chain.push(name(at));
    console.log(
      `${name(target)} (${inOutput[target]?.bytesInOutput ?? 0} bytes in the bundle)\n  ${chain.join(' -> ') || '(not reached)'}`,
    );
  }
}
const js = result.outputFiles.find((f) => f.path.endsWith('.js'));
const map = JSON.parse(result.outputFiles.find((f) => f.path.endsWith('.map')).text);
const text = js.text;
const gzipped = (s) => gzipSync(s, { level: 9 }).length;
const fullGzip = gzipped(text);

/** The source map's ranges of generated columns, per source index (every line of the bundle). */
function rangesBySource() {
  const bySource = new Map();
  const lines = map.mappings.split(';');
  let lineStart = 0;
  let source = 0;
  const lineStarts = [];
  for (const line of text.split('\n')) {
    lineStarts.push(lineStart);
    lineStart += line.length + 1;
  }
  lines.forEach((line, n) => {
    const segments = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (segment === '') continue;
      const fields = decodeVlq(segment);
      column += fields[0];
      if (fields.length > 1) source += fields[1];
      segments.push({ column, source: fields.length > 1 ? source : -1 });
    }
    const end = n + 1 < lineStarts.length ? lineStarts[n + 1] - 1 : text.length;
    segments.forEach(({ column, source: s }, i) => {
      if (s < 0) return;
      const from = lineStarts[n] + column;
      const to = i + 1 < segments.length ? lineStarts[n] + segments[i + 1].column : end;
      if (!bySource.has(s)) bySource.set(s, []);
      bySource.get(s).push([from, to]);
    });
  });
  return bySource;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** One source-map segment's fields (base-64 VLQ). */
function decodeVlq(segment) {
  const fields = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return fields;
}

/** The bundle's text without `ranges` (sorted by start). */
function without(ranges) {
  let kept = '';
  let at = 0;
  for (const [from, to] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (from > at) kept += text.slice(at, from);
    at = Math.max(at, to);
  }
  return kept + text.slice(at);
}

const bySource = rangesBySource();
const gzipBySource = new Map();
map.sources.forEach((source, i) => {
  const ranges = bySource.get(i);
  if (ranges !== undefined) gzipBySource.set(name(source), fullGzip - gzipped(without(ranges)));
});
const inputs = Object.entries(output.inputs)
  .map(([file, { bytesInOutput }]) => ({
    bytes: bytesInOutput,
    gzip: gzipBySource.get(name(file)) ?? 0,
    file: name(file),
  }))
  .sort((a, b) => b.gzip - a.gzip || b.bytes - a.bytes);
const total = inputs.reduce((sum, input) => sum + input.bytes, 0);
console.log(`${measured.name}: ${total} bytes minified, ${fullGzip} gzipped`);
console.log(`${'min B'.padStart(7)}  ${'gzip B'.padStart(7)}  file (gzip B: saved without it)`);
for (const { bytes, gzip, file } of inputs.slice(0, rows))
  console.log(`${String(bytes).padStart(7)}  ${String(gzip).padStart(7)}  ${file}`);
