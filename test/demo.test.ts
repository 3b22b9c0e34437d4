// `npm start` as a new user runs it: from a fresh copy of the package's sources, which it builds,
// then `agent-errors demo` spawning its tool server from the built files. The copy keeps the
// build's `rm -rf dist` away from the repository's dist/, which other test files read meanwhile.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKEN } from '../src/cli/demo-tools.js';
import type { DemoCall, DemoReport } from '../src/cli/demo.js';
import { root } from './built.js';

const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined };
let checkout: string;
let npmStart: { code: number | null; stdout: string; stderr: string };

beforeAll(() => {
  checkout = mkdtempSync(join(tmpdir(), 'agent-errors-demo-'));
  for (const file of ['package.json', 'tsconfig.json', 'tsconfig.build.json', 'src'])
    cpSync(join(root, file), join(checkout, file), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(checkout, 'node_modules'), 'dir');
  const result = spawnSync('npm', ['start'], {
    cwd: checkout,
    encoding: 'utf8',
    env,
    timeout: 120_000,
  });
  npmStart = { code: result.status, stdout: result.stdout, stderr: result.stderr };
}, 150_000);

afterAll(() => {
  if (checkout) rmSync(checkout, { recursive: true, force: true });
});

function demo(...args: string[]) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [join(checkout, 'dist/cli/bin.js'), 'demo', ...args], {
    encoding: 'utf8',
    env,
    timeout: 30_000,
  });
  return {
    code: result.status,
    stdout: result.stdout,
    stderr: result.stderr,
    ms: performance.now() - started,
  };
}

function lineOf(stdout: string, tool: string): string {
  const line = stdout
    .split('\n')
    .find((l) => new RegExp(`^[✓✗] ${tool.replace('.', '\\.')} `).test(l));
  if (line === undefined) throw new Error(`no line for ${tool} in:\n${stdout}`);
  return line;
}

describe('npm start (agent-errors demo)', () => {
  it('builds, runs the demo and exits 0', () => {
    expect(npmStart.code, npmStart.stderr).toBe(0);
    expect(npmStart.stdout).toContain(
      'agent-errors demo: an agent calls a tool server it spawned (node dist/cli/demo-server.js) over stdio',
    );
    expect(npmStart.stdout).toContain('MCP dialect');
    expect(npmStart.stdout).not.toContain('\u001b[');
  });

  it('prints one line per call: wire, classification, decision, attempts and outcome', () => {
    const out = npmStart.stdout;
    const expected: Record<string, (string | RegExp)[]> = {
      'calendar.list': [
        '-32603 Calendar login expired',
        'auth, not retryable',
        'stop: log in again',
        '1 attempt, failed LOGIN_EXPIRED',
      ],
      'search.web': [
        '-32603 Search API rate limit exceeded (retryAfterMs 250)',
        'rate_limit, retryable, after 250 ms',
        'wait 250 ms as asked, retry',
        '2 attempts, ok',
      ],
      'files.read': [
        '-32002 No file at',
        'not_found, not retryable',
        '1 attempt, failed FILE_NOT_FOUND',
      ],
      'db.query': [
        '-32602 Invalid params (2 issues)',
        'validation, not retryable',
        'stop: fix the input',
        '1 attempt, failed INVALID_PARAMS',
      ],
      'report.render': [
        'no reply in 500 ms; sent notifications/cancelled',
        'timeout, retryable',
        /back off \d+ ms, retry/,
        '2 attempts, ok',
      ],
      'inventory.sync': [
        '-32000 Inventory service unavailable',
        'unavailable, retryable',
        /back off \d+ ms, back off \d+ ms, retry/,
        '3 attempts, ok',
      ],
      'logs.export': [
        /-32603 Internal error \(errorId [0-9a-f]{8}…\)/,
        'internal, not retryable',
        'stop: give up',
        '1 attempt, failed INTERNAL_ERROR',
      ],
      'llm.complete': [
        '-32603 Monthly token budget exhausted',
        'quota, not retryable',
        'stop: the budget is gone',
        '1 attempt, failed BUDGET_EXHAUSTED',
      ],
      'crm.createContact': [
        'no reply in 500 ms; sent notifications/cancelled',
        'timeout, retryable',
        '2 attempts, ok: created contact c_1001',
      ],
    };
    for (const [tool, parts] of Object.entries(expected)) {
      const line = lineOf(out, tool);
      for (const part of parts) {
        if (typeof part === 'string') expect(line, tool).toContain(part);
        else expect(line, tool).toMatch(part);
      }
    }
    expect(out).toMatch(
      /^✓ the token never crossed: \d+ messages out \(\d+ bytes\) and \d+ bytes back scanned/m,
    );
    expect(out).toContain('the full error is in the server log under that id');
    expect(out).toContain(
      '✓ the write ran once: crm.createContact took 2 attempts with one idempotency key, the server ran the work 1 time',
    );
    expect(out).toContain('✓ the server stopped work the agent cancelled: report.render');
  });

  it('never prints the token or any part of it', () => {
    for (const text of [npmStart.stdout, npmStart.stderr]) {
      expect(text).not.toContain(DEMO_TOKEN);
      expect(text).not.toContain(DEMO_TOKEN.slice(4, 16));
    }
  });
});

describe('agent-errors demo --json (built binary)', () => {
  it('prints the same as data, in well under ten seconds', () => {
    const { code, stdout, stderr, ms } = demo('--json');
    expect(code, stderr).toBe(0);
    expect(stderr).toBe('');
    expect(ms).toBeLessThan(10_000);
    expect(stdout).not.toContain(DEMO_TOKEN.slice(4, 16));
    const report = JSON.parse(stdout) as DemoReport;
    expect(report.protocol).toBe('mcp');
    expect(report.elapsedMs).toBeLessThan(10_000);
    const byTool = new Map<string, DemoCall>(report.calls.map((c) => [c.tool, c]));
    const summary = (tool: string) => {
      const c = byTool.get(tool)!;
      return [c.category, c.retryable, c.next, c.attempts, c.outcome, c.stopReason ?? null];
    };
    expect(summary('calendar.list')).toEqual([
      'auth',
      false,
      'reauthenticate',
      1,
      'failed',
      'not_retryable',
    ]);
    expect(summary('search.web')).toEqual([
      'rate_limit',
      true,
      'wait_and_retry',
      2,
      'succeeded',
      null,
    ]);
    expect(summary('files.read')).toEqual([
      'not_found',
      false,
      'give_up',
      1,
      'failed',
      'not_retryable',
    ]);
    expect(summary('db.query')).toEqual([
      'validation',
      false,
      'fix_input',
      1,
      'failed',
      'not_retryable',
    ]);
    expect(summary('report.render')).toEqual(['timeout', true, 'retry', 2, 'succeeded', null]);
    expect(summary('inventory.sync')).toEqual(['unavailable', true, 'retry', 3, 'succeeded', null]);
    expect(summary('logs.export')).toEqual([
      'internal',
      false,
      'give_up',
      1,
      'failed',
      'not_retryable',
    ]);
    expect(summary('llm.complete')).toEqual([
      'quota',
      false,
      'give_up',
      1,
      'failed',
      'not_retryable',
    ]);
    expect(summary('crm.createContact')).toEqual(['timeout', true, 'retry', 2, 'succeeded', null]);

    // The rate limit's delay is the server's, not a backoff.
    expect(byTool.get('search.web')!.retries).toEqual([
      { attempt: 1, code: 'RATE_LIMITED', delayMs: 250, basis: 'retryAfterMs' },
    ]);
    // The schema failure arrives as -32602 with its issues.
    const query = byTool.get('db.query')!;
    expect(query.wireError?.code).toBe(-32602);
    expect(query.issues).toEqual([
      'arguments.sql: Expected a non-empty SQL string',
      'arguments.limit: Expected an integer from 1 to 100, received 500',
    ]);
    // The crash arrives as a generic internal error carrying only an errorId.
    const crash = byTool.get('logs.export')!;
    expect(crash.wireError).toEqual({
      code: -32603,
      message: 'Internal error',
      data: { errorId: crash.errorId },
    });
    expect(crash.errorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(report.token).toMatchObject({
      crossed: false,
      errorId: crash.errorId,
      loggedUnderErrorId: true,
    });
    expect(report.token.bytesReceived).toBeGreaterThan(1_000);
    expect(report.write).toEqual({ tool: 'crm.createContact', attempts: 2, runs: 1 });
    expect(report.serverCancelled).toEqual(['report.render']);
    expect(report.ok).toBe(true);
  });

  it('colours only when asked to (FORCE_COLOR) or on a terminal', () => {
    const plain = demo();
    expect(plain.code).toBe(0);
    expect(plain.stdout).not.toContain('\u001b[');
    const forced = spawnSync(process.execPath, [join(checkout, 'dist/cli/bin.js'), 'demo'], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: undefined, FORCE_COLOR: '1' },
      timeout: 30_000,
    });
    expect(forced.status).toBe(0);
    expect(forced.stdout).toContain('\u001b[32m✓\u001b[39m the token never crossed');
  });
});
