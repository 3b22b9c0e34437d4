import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { dist, requireBuild } from './built.js';

beforeAll(requireBuild);

function cli(...args: string[]) {
  const result = spawnSync(process.execPath, [`${dist}cli/bin.js`, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined },
    timeout: 30_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('agent-errors (built binary)', () => {
  it('demo calls its tool server and states both guarantees (details: test/demo.test.ts)', () => {
    const { code, stdout, stderr } = cli('demo');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('agent-errors demo: an agent calls a tool server it spawned');
    expect(stdout).toMatch(/^✗ calendar\.list +login expired .* auth, not retryable /m);
    expect(stdout).toMatch(/^✓ the token never crossed: /m);
    expect(stdout).toMatch(/^✓ the write ran once: /m);
    expect(stdout).not.toContain('\u001b[');
  });

  it('demo --json prints the same as data', () => {
    const { code, stdout } = cli('demo', '--json');
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as {
      calls: { tool: string; category: string }[];
      token: { crossed: boolean };
      write: { runs: number };
    };
    expect(report.calls.map((c) => c.category)).toEqual([
      'auth',
      'rate_limit',
      'not_found',
      'validation',
      'timeout',
      'unavailable',
      'internal',
      'quota',
      'timeout',
    ]);
    expect(report.token.crossed).toBe(false);
    expect(report.write.runs).toBe(1);
  });

  it('answers bad usage with exit code 2 and a message, never a stack', () => {
    const unknown = cli('frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      'agent-errors: unknown command "frobnicate"; expected one of: explain, convert, demo\nRun agent-errors --help for usage.\n',
    );
    const badFlag = cli('demo', '--yaml');
    expect(badFlag.code).toBe(2);
    expect(badFlag.stderr).toContain('demo: unknown option "--yaml"; expected --json or --help');
    expect(badFlag.stderr).not.toMatch(/\n\s+at /);
    expect(cli().code).toBe(2);
    expect(cli('--help')).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('Usage: agent-errors <command>'),
    });
    expect(cli('demo', '--help')).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('Usage: agent-errors demo'),
    });
  });
});
