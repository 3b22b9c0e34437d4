// The order Vitest starts the test files in: the longest first, so that on a clean clone (no
// Vitest cache to learn durations from) the long pole starts at once and the short files fill
// the other worker's gaps at the end, instead of one long file starting last and running alone.
//
// The durations are a committed list, test/setup/file-seconds.json, written by
// `node scripts/test-cost.mjs --save` from a whole run. A file missing from it (a new one) runs
// before the listed files of its project, as Vitest's own order runs unknown files first.
//
// Files stay grouped by project, the isolated project first (vitest.config.ts runs it first, two
// files at a time, then the shared ones): a worker of a shared project (unit, integration) is
// reused only while the next file in the queue belongs to its project, and every new worker
// imports the library and the SDKs again.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { TestSpecification } from 'vitest/node';
import { BaseSequencer } from 'vitest/node';

const PROJECT_ORDER = ['isolated', 'integration', 'unit', 'alone'];

/** Seconds each test file took in the run the list was saved from, by path from the root. */
function listedSeconds(): Map<string, number> {
  const url = new URL('./file-seconds.json', import.meta.url);
  const list = JSON.parse(readFileSync(url, 'utf8')) as Record<string, number>;
  return new Map(Object.entries(list));
}

export default class LongestFirst extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = listedSeconds();
    const root = this.ctx.config.root;
    const projectRank = (spec: TestSpecification) => {
      const rank = PROJECT_ORDER.indexOf(spec.project.name);
      return rank === -1 ? PROJECT_ORDER.length : rank;
    };
    const duration = (spec: TestSpecification) =>
      seconds.get(relative(root, spec.moduleId).split('\\').join('/')) ?? Infinity;
    return Promise.resolve(
      [...files].sort(
        (a, b) =>
          projectRank(a) - projectRank(b) ||
          duration(b) - duration(a) ||
          (a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0),
      ),
    );
  }
}
