import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every ```ts block of these docs runs as it is, importing the package by its public names.
const root = fileURLToPath(new URL('../', import.meta.url));
const outDir = `${root}.readme-blocks/`;
const docs = ['tool', 'arcp', 'http'];

function blocks(doc: string): string[] {
  const text = readFileSync(`${root}docs/${doc}.md`, 'utf8');
  return [...text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? '');
}

describe.each(docs)('docs/%s.md', (doc) => {
  const found = blocks(doc);

  it('has code blocks', () => {
    expect(found.length).toBeGreaterThan(2);
  });

  it.each(found.map((code, i) => [i + 1, code] as const))('block %i runs', async (i, code) => {
    mkdirSync(outDir, { recursive: true });
    const file = `${outDir}${doc}-${i}.ts`;
    writeFileSync(file, `${code}\nexport {};\n`);
    await expect(import(/* @vite-ignore */ file)).resolves.toBeDefined();
  });
});
