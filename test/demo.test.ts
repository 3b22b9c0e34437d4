// `npm start` as a new user runs it: from a fresh copy of the package's sources and examples,
// which it builds (scripts/build-demo.mjs), then examples/mcp-demo/agent.js spawning its MCP
// server over stdio. The copy keeps the build away from the repository's dist/, which other test
// files read meanwhile.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKEN } from '../examples/mcp-demo/scenarios.js';
import { root } from './built.js';

let checkout: string;
let npmStart: { code: number | null; stdout: string; stderr: string };

beforeAll(() => {
  checkout = mkdtempSync(join(tmpdir(), 'agent-errors-demo-'));
  for (const file of ['package.json', 'tsconfig.json', 'scripts', 'src', 'examples'])
    cpSync(join(root, file), join(checkout, file), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(checkout, 'node_modules'), 'dir');
  const result = spawnSync('npm', ['start'], { cwd: checkout, encoding: 'utf8', timeout: 120_000 });
  npmStart = { code: result.status, stdout: result.stdout, stderr: result.stderr };
}, 150_000);

afterAll(() => {
  if (checkout) rmSync(checkout, { recursive: true, force: true });
});

/** The three lines the demo prints for one tool call. */
function callOf(tool: string): [string, string, string] {
  const lines = npmStart.stdout.split('\n');
  const at = lines.findIndex((l) => new RegExp(`^[✓✗] ${tool.replace('.', '\\.')} `).test(l));
  if (at < 0) throw new Error(`no line for ${tool} in:\n${npmStart.stdout}`);
  return [lines[at] ?? '', lines[at + 1] ?? '', lines[at + 2] ?? ''];
}

describe('npm start (the MCP demo in examples/mcp-demo)', () => {
  it('builds, runs the demo and exits 0', () => {
    expect(npmStart.code, npmStart.stderr).toBe(0);
    expect(npmStart.stdout).toMatch(/^done in \d+ ms$/m);
  });

  it('fits in 100 columns, with no line cut short', () => {
    for (const line of npmStart.stdout.split('\n')) {
      expect([...line].length).toBeLessThanOrEqual(100);
      expect(line, 'the demo cuts a longer line with …').not.toMatch(/…$/);
    }
  });

  it('shows each failure classified, what the model read, and what the agent did', () => {
    const [auth, authSaid, authDid] = callOf('calendar.list');
    expect(auth).toMatch(/^✗ calendar\.list +login expired +auth +failed after 1 call$/);
    expect(authSaid).toContain('Ask the user to sign in');
    expect(authDid).toContain('stopped (reauthenticate): LOGIN_EXPIRED');

    const [rate, rateSaid, rateDid] = callOf('search.web');
    expect(rate).toMatch(/rate_limit, retry in 250 ms +ok after 2 calls$/);
    expect(rateSaid).toContain('Wait 250 ms, then call');
    expect(rateDid).toMatch(/waited 250 ms, called again → 3 results/);

    const [bad, badSaid, badDid] = callOf('db.query');
    expect(bad).toMatch(/validation +ok after 2 calls$/);
    expect(badSaid).toMatch(/Fix `limit` \(.*100/);
    expect(badDid).toContain('set limit=100, called again → 100 rows');

    expect(callOf('files.read')[0]).toMatch(/not_found +failed after 1 call$/);
    expect(callOf('report.render')[0]).toMatch(/timeout, retryable +ok after 2 calls$/);
    expect(callOf('report.render')[1]).toContain('-32001 Request timed out');
    expect(callOf('inventory.sync')[0]).toMatch(/unavailable, retryable +ok after 3 calls$/);
    expect(callOf('logs.export')[0]).toMatch(/internal +failed after 1 call$/);
    expect(callOf('logs.export')[1]).toContain('Do not retry; tell the user (error id');
    expect(callOf('llm.complete')[0]).toMatch(/quota +failed after 1 call$/);
    expect(callOf('llm.complete')[2]).toContain('BUDGET_EXHAUSTED');
    expect(callOf('crm.createContact')[0]).toMatch(/timeout, retryable +ok after 2 calls$/);
  });

  it('states its guarantees: no token crossed, the write ran once, cancelled work stopped', () => {
    expect(npmStart.stdout).toMatch(
      /^✓ the token never crossed: \d+ messages \(\d+ bytes\) scanned/m,
    );
    expect(npmStart.stdout).toMatch(/logged in full by the server: yes$/m);
    expect(npmStart.stdout).toMatch(/^✓ the write ran once for one idempotency key/m);
    expect(npmStart.stdout).toMatch(
      /^✓ the server stopped work the agent gave up on: report\.render$/m,
    );
  });

  it('never prints the token or any part of it; the server log holds the full error', () => {
    const out = npmStart.stdout + npmStart.stderr;
    expect(out).not.toContain(DEMO_TOKEN);
    expect(out).not.toContain(DEMO_TOKEN.slice(0, 12));
  });
});
