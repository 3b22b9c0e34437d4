import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
      newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

function fresh(): boolean {
  try {
    return statSync(join(root, 'dist/entries/node.js')).mtimeMs >= newestSource(join(root, 'src'));
  } catch {
    return false;
  }
}

/**
 * Make sure `dist/` is built from the current sources: fixtures that run in a child process
 * import the built package. Test files may call this concurrently; a lock directory makes one
 * of them build while the others wait (bounded).
 */
export function ensureDist(): void {
  if (fresh()) return;
  const lock = join(tmpdir(), `agent-errors-build-${root.replace(/[^a-z0-9]/gi, '_')}.lock`);
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (fresh()) return;
      if (Date.now() > deadline) throw new Error('ensureDist: timed out waiting for another build');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    if (!fresh())
      execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], {
        cwd: root,
        stdio: 'inherit',
        timeout: 120_000,
      });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
