// The agent-SDK adapters (aiRetryMiddleware, agentsRetryPolicy, withLangChainRetry) declare the
// SDK shapes they read and import nothing from the SDKs, which stay devDependencies: the built
// `agent-errors/tool` entry, followed through every file it imports, names no package at all
// (only `node:` built-ins), and its declarations name none either.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dist, requireBuild } from './built.js';
import { ensureDist } from './helpers/dist.js';

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every specifier the files reachable from `entry` import that is not a relative path. */
function packagesReachedFrom(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const queue = [entry];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    // Doc comments show imports in their examples: only code counts.
    const code = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    for (const match of code.matchAll(IMPORT)) {
      const specifier = (match[1] ?? match[2])!;
      if (specifier.startsWith('.')) queue.push(resolve(dirname(file), specifier));
      else packages.add(specifier);
    }
  }
  expect(seen.size).toBeGreaterThan(10);
  return packages;
}

describe('the built agent-errors/tool entry', () => {
  it('imports no SDK at run time, and its types name none', () => {
    requireBuild();
    ensureDist();
    const reached = [...packagesReachedFrom(join(dist, 'entries/tool.js'))];
    expect(reached.filter((s) => !s.startsWith('node:'))).toEqual([]);
    const types = [...packagesReachedFrom(join(dist, 'entries/tool.d.ts'))];
    expect(types.filter((s) => !s.startsWith('node:'))).toEqual([]);
    // The adapters are in it.
    const entry = readFileSync(join(dist, 'entries/tool.js'), 'utf8');
    for (const name of ['aiRetryMiddleware', 'withLangChainRetry', 'agentsRetryPolicy'])
      expect(entry).toContain(name);
  });
});
