import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(root, 'test', '.readme-blocks');

/** Every ```ts block of a Markdown file, with the line it starts on. */
export function tsBlocks(markdown: string): { line: number; code: string }[] {
  const blocks: { line: number; code: string }[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!/^```(ts|typescript)\s*$/.test(lines[i] ?? '')) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && lines[end] !== '```') end++;
    blocks.push({ line: start + 1, code: lines.slice(start, end).join('\n') });
    i = end;
  }
  return blocks;
}

const docsDir = join(root, 'docs');
// docs/*.md and the guides in its subfolders (docs/guides/*.md).
const files = [
  'README.md',
  ...(existsSync(docsDir)
    ? readdirSync(docsDir, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/${f.split(sep).join('/')}`)
        .sort()
    : []),
];

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

describe.each(files)('%s', (file) => {
  const blocks = tsBlocks(readFileSync(join(root, file), 'utf8'));

  it('has code blocks to run', () => {
    expect(blocks.length).toBeGreaterThan(0);
  });

  it.each(blocks)('block at line $line runs', async ({ line, code }) => {
    const path = join(outDir, `${file.replace(/[^a-z0-9]+/gi, '-')}-${line}.ts`);
    writeFileSync(path, `${code}\nexport {};\n`);
    await import(/* @vite-ignore */ path);
  });
});

// Every block also type-checks as a user's strict project would see it: `agent-errors`
// resolves to the built package's own types (npm test builds before it runs the tests).
describe('the code blocks, together', () => {
  it('type-check under strict with module nodenext', () => {
    writeFileSync(
      join(outDir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2023',
          lib: ['ES2023', 'DOM'],
          module: 'nodenext',
          moduleResolution: 'nodenext',
          types: ['node'],
          strict: true,
          isolatedModules: true,
          skipLibCheck: true,
          noEmit: true,
        },
        include: ['*.ts'],
      }),
    );
    let output = '';
    try {
      execFileSync(
        process.execPath,
        [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', outDir, '--pretty', 'false'],
        { cwd: root, encoding: 'utf8' },
      );
    } catch (failure) {
      output = String((failure as { stdout?: unknown }).stdout ?? failure);
    }
    expect(output).toBe('');
  }, 120_000);
});
