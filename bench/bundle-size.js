// What the package adds to a browser bundle: each import below is bundled from dist/ (through
// package.json `exports`, as a user's bundler resolves it) by esbuild, minified and tree-shaken,
// then gzipped. `node bench/bundle-size.js --json` prints the figures as JSON (the test suite
// checks the targets with it).
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

// A decoder for a user who meets only HTTP services, LLM provider SDKs and client libraries.
const HTTP_DECODER = `import { createDecoder } from 'agent-errors';
import {
  webResponseReader, httpResponseReader, httpHintReader, providerSdkReader, aiSdkStreamPartReader,
  clientLibraryReader, langChainReader, httpBodyReader,
} from 'agent-errors/http';
export const decoder = createDecoder([
  webResponseReader, aiSdkStreamPartReader, httpResponseReader, httpHintReader,
  clientLibraryReader, providerSdkReader, langChainReader, httpBodyReader,
]);`;

/** What is measured; `targetKb` is the ceiling on its min + gzip size (1 KB = 1000 bytes). */
export const BUNDLES = [
  {
    name: 'AgentError (with what toJSON pulls in)',
    code: "export { AgentError } from 'agent-errors';",
    targetKb: 12,
  },
  {
    name: 'RequestError (ACP)',
    code: "export { RequestError } from 'agent-errors/acp';",
    targetKb: 15,
  },
  {
    name: 'createDecoder (HTTP, provider SDK and client library readers)',
    code: HTTP_DECODER,
    targetKb: 15,
  },
  {
    name: 'retry with that decoder',
    code: `${HTTP_DECODER}\nimport { createRetry } from 'agent-errors/retry';\nexport const retry = createRetry(decoder);`,
    targetKb: 20,
  },
  {
    name: 'decode (every reader)',
    code: "export { decode } from 'agent-errors';",
    targetKb: 50,
  },
  { name: 'decode + encode', code: "export { decode, encode } from 'agent-errors';" },
  {
    name: 'createPeer + webSocketTransport',
    code: "export { createPeer, webSocketTransport } from 'agent-errors/jsonrpc';",
  },
  { name: "all of 'agent-errors'", code: "export * from 'agent-errors';" },
];

/**
 * `code` bundled from dist/ as a user's bundler would (minified, tree-shaken, not written);
 * `metafile: true` adds what each source file contributes, `sourcemap: true` a source map
 * (an output file of its own, ending in `.map`); `plugins` are esbuild's (bench/bundle-inputs.js
 * `--without` cuts modules out with one).
 * @param {string} code
 * @param {{ metafile?: boolean, sourcemap?: boolean, plugins?: import('esbuild').Plugin[] }} [options]
 */
export function bundle(code, { metafile = false, sourcemap = false, plugins = [] } = {}) {
  return build({
    stdin: { contents: code, resolveDir: root, loader: 'js' },
    // No tsconfig: its `paths` point the package name at src/; resolve it as users do.
    tsconfigRaw: '{}',
    bundle: true,
    minify: true,
    treeShaking: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    metafile,
    plugins,
    ...(sourcemap ? { sourcemap: 'external', outdir: 'out' } : {}),
  });
}

/**
 * Bundle, minify and gzip each of {@link BUNDLES}; sizes in bytes.
 * @returns {Promise<{ name: string, minBytes: number, gzipBytes: number, targetKb?: number }[]>}
 */
export async function measureBundleSizes() {
  return Promise.all(
    BUNDLES.map(async ({ name, code, targetKb }) => {
      const result = await bundle(code);
      const bytes = result.outputFiles[0].contents;
      return {
        name,
        minBytes: bytes.length,
        gzipBytes: gzipSync(bytes, { level: 9 }).length,
        ...(targetKb !== undefined ? { targetKb } : {}),
      };
    }),
  );
}

const kb = (bytes) => (bytes / 1000).toFixed(1);

/** Print the sizes and the targets as a table. */
export async function runBundleSizeBench() {
  const rows = await measureBundleSizes();
  const width = Math.max(...rows.map((r) => r.name.length));
  console.log('\nBundle size (esbuild, minified, tree-shaken; gzip -9; 1 KB = 1000 bytes)');
  console.log(
    `${'import'.padEnd(width)}  ${'min KB'.padStart(8)}  ${'gzip KB'.padStart(8)}  target`,
  );
  for (const row of rows) {
    const target =
      row.targetKb === undefined
        ? ''
        : `<= ${row.targetKb} KB gzip ${row.gzipBytes <= row.targetKb * 1000 ? 'ok' : 'OVER'}`;
    console.log(
      `${row.name.padEnd(width)}  ${kb(row.minBytes).padStart(8)}  ${kb(row.gzipBytes).padStart(8)}  ${target}`,
    );
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--json')) console.log(JSON.stringify(await measureBundleSizes()));
  else await runBundleSizeBench();
}
