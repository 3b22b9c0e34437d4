// The bundle-size targets, measured as `npm run bench` prints them (bench/bundle-size.js: esbuild
// from dist/, minified, gzipped).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { requireBuild, root } from './built.js';
import { ensureDist } from './helpers/dist.js';

interface Measured {
  name: string;
  minBytes: number;
  gzipBytes: number;
  targetKb?: number;
}

let measured: Measured[];

beforeAll(() => {
  requireBuild();
  ensureDist();
  measured = JSON.parse(
    execFileSync(process.execPath, [join(root, 'bench', 'bundle-size.js'), '--json'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    }),
  ) as Measured[];
}, 120_000);

it('AgentError alone is at most 6 KB and decode with every dialect at most 30 KB (min + gzip)', () => {
  const over = measured
    .filter((m) => m.targetKb !== undefined && m.gzipBytes > m.targetKb * 1000)
    .map((m) => `${m.name}: ${m.gzipBytes} bytes > ${m.targetKb} KB`);
  expect(over).toEqual([]);
  expect(measured.filter((m) => m.targetKb !== undefined).map((m) => m.targetKb)).toEqual([6, 30]);
});
