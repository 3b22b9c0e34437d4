import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dist, requireBuild } from './built.js';

let copy: string;

beforeAll(() => {
  requireBuild();
  copy = mkdtempSync(join(tmpdir(), 'agent-errors-copy-'));
  cpSync(dist, join(copy, 'dist'), { recursive: true });
  writeFileSync(join(copy, 'package.json'), '{"type":"module"}');
});

afterAll(() => {
  rmSync(copy, { recursive: true, force: true });
});

function run(script: string): unknown {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  return JSON.parse(out);
}

describe('the built package', () => {
  it('recognises errors made by a second copy of itself, and their structured clones', () => {
    const a = pathToFileURL(`${dist}index.js`).href;
    const b = pathToFileURL(join(copy, 'dist', 'index.js')).href;
    const result = run(`
      const A = await import(${JSON.stringify(a)});
      const B = await import(${JSON.stringify(b)});
      const fromB = B.AgentError.rateLimited('slow', { retryAfterMs: 100 });
      const cloned = structuredClone(fromB);
      const back = A.toAgentError(fromB);
      const revived = A.toAgentError(cloned);
      console.log(JSON.stringify({
        distinctCopies: A.AgentError !== B.AgentError,
        instanceofAcrossCopies: fromB instanceof A.AgentError,
        guard: A.isAgentError(fromB),
        guardOnClone: A.isAgentError(cloned),
        returnedAsIs: back === fromB,
        revivedIsInstance: revived instanceof A.AgentError,
        revived: { code: revived.code, category: revived.category, retryable: revived.retryable, retryAfterMs: revived.retryAfterMs },
        reverse: B.isAgentError(A.AgentError.timeout('t')),
      }));
    `);
    expect(result).toEqual({
      distinctCopies: true,
      instanceofAcrossCopies: false,
      guard: true,
      guardOnClone: true,
      returnedAsIs: true,
      revivedIsInstance: true,
      revived: { code: 'RATE_LIMITED', category: 'rate_limit', retryable: true, retryAfterMs: 100 },
      reverse: true,
    });
  });

  it('recognises a subclass made from a second copy, named after its class', () => {
    const a = pathToFileURL(`${dist}index.js`).href;
    const b = pathToFileURL(join(copy, 'dist', 'index.js')).href;
    const result = run(`
      const A = await import(${JSON.stringify(a)});
      const B = await import(${JSON.stringify(b)});
      class SlackError extends B.AgentError {}
      const err = SlackError.rateLimited('slow', { retryAfterMs: 100 });
      const serialised = JSON.parse(JSON.stringify(err));
      const revived = A.deserializeError(serialised);
      console.log(JSON.stringify({
        name: err.name,
        guard: A.isAgentError(err),
        guardOnClone: A.isAgentError(structuredClone(err)),
        returnedAsIs: A.toAgentError(err) === err,
        serialisedName: serialised.name,
        revived: { isInstance: revived instanceof A.AgentError, name: revived.name, code: revived.code },
      }));
    `);
    expect(result).toEqual({
      name: 'SlackError',
      guard: true,
      guardOnClone: true,
      returnedAsIs: true,
      serialisedName: 'SlackError',
      revived: { isInstance: true, name: 'AgentError', code: 'RATE_LIMITED' },
    });
  });

  it('loads from CommonJS with require()', () => {
    const out = execFileSync(
      process.execPath,
      [
        '-e',
        `const m = require(${JSON.stringify(`${dist}index.js`)}); console.log(typeof m.AgentError, m.isAgentError(m.AgentError.auth('x')))`,
      ],
      { encoding: 'utf8', env: { ...process.env, NODE_NO_WARNINGS: '1' } },
    );
    expect(out.trim()).toBe('function true');
  });
});
