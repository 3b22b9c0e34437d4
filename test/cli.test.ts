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
  it('answers bad usage with exit code 2 and a message, never a stack', () => {
    const unknown = cli('frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      'agent-errors: unknown command "frobnicate"; expected one of: explain, convert\nRun agent-errors --help for usage.\n',
    );
    const badFlag = cli('explain', '--yaml', '{}');
    expect(badFlag.code).toBe(2);
    expect(badFlag.stderr).toContain('explain: unknown option "--yaml"');
    expect(badFlag.stderr).not.toMatch(/\n\s+at /);
    expect(cli().code).toBe(2);
    expect(cli('--help')).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('Usage: agent-errors <command>'),
    });
    expect(cli('explain', '--help')).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('Usage: agent-errors explain'),
    });
  });
});
