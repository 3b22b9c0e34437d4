import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Folder rules that no compiler checks. (Dialects never importing each other is checked in
// string-code-entries.test.ts.)
const src = fileURLToPath(new URL('../src/', import.meta.url));

/** The source files of `dir` and its subfolders, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(join(src, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.includes('.test.') && !f.includes('.test-d.'))
    .map((f) => join(src, dir, f));
}

/** The top folders under src/ that `file` imports from (`.` for its own; packages as named). */
function foldersImportedBy(file: string): string[] {
  const own = relative(src, file).split('/')[0];
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)[^'"]*from\s+['"]([^'"]+)['"]/gm)].map((m) => {
    const specifier = m[1] ?? '';
    if (!specifier.startsWith('.')) return specifier;
    const top = relative(src, join(dirname(file), specifier)).split('/')[0];
    return top === own ? '.' : (top ?? '');
  });
}

describe('layers', () => {
  // The SDK wrappers sit above the one classifier, like retry/: what a handler throws can come
  // from anywhere, so they classify through front/ and speak through the dialects.
  it('sdk/ (the official SDKs’ wrappers) imports only its own folder, core, dialects and front', () => {
    const files = sources('sdk');
    expect(files.length).toBeGreaterThanOrEqual(6);
    for (const file of files) {
      for (const folder of foldersImportedBy(file)) {
        expect(['.', 'core', 'dialects', 'front'], `${file} imports ${folder}`).toContain(folder);
      }
    }
  });

  it('nothing below the wrappers imports sdk/ (only the entries do)', () => {
    for (const dir of ['core', 'dialects', 'front', 'rpc', 'retry', 'idempotency', 'redis']) {
      for (const file of sources(dir)) {
        expect(foldersImportedBy(file), file).not.toContain('sdk');
      }
    }
  });
});
