// The package as users get it: `npm pack`, unpacked into a consumer's node_modules, then every
// entry of package.json `exports` imported from ESM and CommonJS and type-checked from a strict
// `module: nodenext` TypeScript file. The entries are read from package.json, so a new entry is
// covered without touching this test.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuild, root } from './built.js';
import { ensureDist } from './helpers/dist.js';

interface PackageJson {
  name: string;
  version: string;
  bin: Record<string, string>;
  exports: Record<string, string | { types: string; default: string }>;
}

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;
/** Every import specifier the package offers, but its package.json (checked on its own). */
const specifiers = Object.keys(pkg.exports)
  .filter((key) => key !== './package.json')
  .map((key) => (key === '.' ? pkg.name : `${pkg.name}/${key.slice(2)}`));

// npm, node and tar with no colour, no update check, no prompt.
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_NO_WARNINGS: '1',
  NO_COLOR: '1',
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
};

let work: string;
let consumer: string;
let packed: { filename: string; size: number; unpackedSize: number; files: { path: string }[] };

function run(file: string, args: string[], cwd: string): string {
  return execFileSync(file, args, { cwd, env, encoding: 'utf8', timeout: 60_000 });
}

beforeAll(() => {
  requireBuild();
  ensureDist();
  work = mkdtempSync(join(tmpdir(), 'agent-errors-pack-'));
  // `npm test` builds before Vitest runs, and a build here (prepack) would delete dist/ under
  // the other test files: pack what is built.
  const out = run(
    'npm',
    ['pack', '--ignore-scripts', '--json', '--pack-destination', work, '--loglevel', 'error'],
    root,
  );
  const [first] = JSON.parse(out) as (typeof packed)[];
  if (!first) throw new Error(`npm pack printed no package: ${out}`);
  packed = first;
  consumer = join(work, 'consumer');
  const installed = join(consumer, 'node_modules', pkg.name);
  mkdirSync(installed, { recursive: true });
  writeFileSync(
    join(consumer, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  // The package has no runtime dependencies: unpacking it is what `npm install` would do.
  run('tar', ['-xzf', join(work, packed.filename), '-C', installed, '--strip-components=1'], work);
}, 120_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('holds dist (JS and .d.ts), LICENSE, README.md and CHANGELOG.md, and nothing else', () => {
    const files = packed.files.map((f) => f.path).sort();
    const outside = files.filter((f) => !f.startsWith('dist/'));
    expect(outside).toEqual(['CHANGELOG.md', 'LICENSE', 'README.md', 'package.json']);
    const strays = files.filter(
      (f) =>
        f.startsWith('dist/') &&
        (!/\.(?:js|d\.ts)$/.test(f) || /\.(?:test|test-d|bench)\.|\.map$|(?:^|\/)__/.test(f)),
    );
    expect(strays).toEqual([]);
    // Every target of `exports` and `bin` is in it.
    const targets = [
      ...Object.values(pkg.exports).flatMap((t) =>
        typeof t === 'string' ? [t] : [t.types, t.default],
      ),
      ...Object.values(pkg.bin),
    ].map((t) => t.replace(/^\.\//, ''));
    expect(targets.filter((t) => !files.includes(t))).toEqual([]);
    expect(readFileSync(join(consumer, 'node_modules', pkg.name, 'LICENSE'), 'utf8')).toMatch(
      /^MIT License\n\nCopyright \(c\) 2026 agent-errors contributors\n/,
    );
  });

  it('imports every entry from ESM and from CommonJS, with the same exports', () => {
    const esm = JSON.parse(
      run(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const out = {};
           for (const s of ${JSON.stringify(specifiers)}) out[s] = Object.keys(await import(s)).sort();
           const { default: pkg } = await import(${JSON.stringify(`${pkg.name}/package.json`)}, { with: { type: 'json' } });
           out.version = pkg.version;
           console.log(JSON.stringify(out));`,
        ],
        consumer,
      ),
    ) as Record<string, unknown>;
    const cjs = JSON.parse(
      run(
        process.execPath,
        [
          '-e',
          `const out = {};
           for (const s of ${JSON.stringify(specifiers)}) out[s] = Object.keys(require(s)).filter((k) => k !== '__esModule' && k !== 'module.exports').sort();
           out.version = require(${JSON.stringify(`${pkg.name}/package.json`)}).version;
           console.log(JSON.stringify(out));`,
        ],
        consumer,
      ),
    ) as Record<string, unknown>;
    for (const s of specifiers) expect(esm[s], s).not.toEqual([]);
    expect(esm.version).toBe(pkg.version);
    expect(cjs).toEqual(esm);
  });

  it('runs its command line', () => {
    const bin = join(consumer, 'node_modules', pkg.name, Object.values(pkg.bin)[0] as string);
    expect(run(process.execPath, [bin, '--version'], consumer).trim()).toBe(pkg.version);
  });

  // A full tsc run over every entry's types: on a loaded machine it takes longer than the default
  // 20 s test timeout (`run` bounds it at 60 s).
  it('type-checks every entry from a strict `module: nodenext` consumer', () => {
    const names = specifiers.map((_, i) => `entry${i}`);
    writeFileSync(
      join(consumer, 'index.ts'),
      [
        ...specifiers.map((s, i) => `import * as ${names[i]} from '${s}';`),
        `import { AgentError, isAgentError } from '${pkg.name}';`,
        '',
        `export const entries: readonly object[] = [${names.join(', ')}];`,
        'class SlackError extends AgentError {}',
        "const error: unknown = SlackError.rateLimited('slow down', { retryAfterMs: 500 });",
        'export const retryAfter: number | undefined = isAgentError(error)',
        '  ? error.retryAfterMs',
        '  : undefined;',
        '',
      ].join('\n'),
    );
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'ES2022',
          lib: ['ES2023'],
          types: ['node'],
          typeRoots: [join(root, 'node_modules', '@types')],
          noEmit: true,
          skipLibCheck: false,
        },
        files: ['index.ts'],
      }),
    );
    const tsc = join(root, 'node_modules', '.bin', 'tsc');
    let output: string;
    try {
      output = run(tsc, ['-p', join(consumer, 'tsconfig.json'), '--pretty', 'false'], consumer);
    } catch (failure) {
      output = String((failure as { stdout?: unknown }).stdout ?? failure);
    }
    expect(output).toBe('');
  }, 120_000);
});
