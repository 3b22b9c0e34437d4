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
  it('demo classifies each failure and never prints the token it redacted', () => {
    const { code, stdout, stderr } = cli('demo');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('classified: unavailable ECONNREFUSED, retryable');
    expect(stdout).toContain('classified: validation VALIDATION_ERROR, not retryable');
    expect(stdout).toContain('classified: cancelled ABORTED, not retryable');
    expect(stdout).toContain('classified: rate_limit SLACK_RATE_LIMITED, retryable after 2000 ms');
    const serialised = stdout.split('\n').filter((line) => line.includes('serialised:'));
    expect(serialised).toHaveLength(5);
    for (const line of serialised) expect(line).not.toContain('ghp_R4nd0m');
    expect(stdout).not.toContain('\u001b[');
  });

  it('demo --json prints the same as data', () => {
    const { code, stdout } = cli('demo', '--json');
    expect(code).toBe(0);
    const cases = JSON.parse(stdout) as {
      category: string;
      next: string;
      serialized: { message: string };
    }[];
    expect(cases.map((c) => c.category)).toEqual([
      'internal',
      'unavailable',
      'validation',
      'cancelled',
      'rate_limit',
    ]);
    expect(cases.map((c) => c.next)).toEqual([
      'give_up',
      'retry',
      'fix_input',
      'give_up',
      'wait_and_retry',
    ]);
    expect(cases[0]?.serialized.message).toContain('Bearer [REDACTED]');
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
