import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/main.js';
import { requireBuild } from './built.js';
import { cliInProcess, cliSpawned } from './helpers/cli-run.js';
import type { CliResult } from './helpers/cli-run.js';

beforeAll(requireBuild);

/** Run the command in process, stdout a pipe (not a TTY), no colour variables set. */
function cli(args: string[], input?: string | Buffer) {
  return cliInProcess(args, input === undefined ? {} : { input });
}

// Real inputs: what the MCP SDK puts on the wire for a request timeout, an HTTP 429 with
// Retry-After, ToolError text as opentabs tools return it, an ACP auth error.
const MCP_TIMEOUT =
  '{"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":"Request timed out","data":{"timeout":50}}}';
const HTTP_429 = '{ "status": 429, "headers": { "retry-after": "2" } }';
const TOOL_TEXT =
  '[ERROR code=SLACK_RATE_LIMITED category=rate_limit retryable=true retryAfterMs=2000] Slack is rate limiting this workspace';
const ACP_AUTH =
  '{"jsonrpc":"2.0","id":7,"error":{"code":-32000,"message":"Authentication required"}}';

function expectUsageError(result: CliResult, message: string) {
  expect(result.code).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr).toContain(`agent-errors: ${message}`);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

describe('agent-errors explain', () => {
  it('explains an MCP SDK wire timeout given as an argument', async () => {
    const { code, stdout, stderr } = await cli(['explain', MCP_TIMEOUT]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain(
      'Recognised  JSON-RPC error response — read as a JSON-RPC error, code -32001',
    );
    expect(stdout).toContain('Code        REQUEST_TIMEOUT');
    expect(stdout).toContain('Category    timeout');
    expect(stdout).toContain('Retryable   yes');
    expect(stdout).toContain('Next step   retry after a short backoff');
    expect(stdout).toContain('Message     Request timed out');
    expect(stdout).toContain('  mcp     -32001 Request timed out');
    expect(stdout).toContain('  arcp    TIMEOUT Request timed out');
    expect(stdout).toContain('  http    504');
    expect(stdout).toContain(
      '  tool    [ERROR code=REQUEST_TIMEOUT category=timeout retryable=true] Request timed out',
    );
    // The protocol it came from is not repeated as an "equivalent".
    expect(stdout).not.toMatch(/^ {2}jsonrpc /m);
    expect(stdout).not.toContain('\u001b[');
  });

  it('explains an HTTP 429 read from stdin, with its delay', async () => {
    const { code, stdout } = await cli(['explain'], HTTP_429);
    expect(code).toBe(0);
    expect(stdout).toContain('Recognised  HTTP response — read as an HTTP error, status 429');
    expect(stdout).toContain('Category    rate_limit');
    expect(stdout).toContain('Retryable   yes, after 2000 ms');
    expect(stdout).toContain('Next step   wait 2000 ms, then retry');
    expect(stdout).not.toMatch(/^ {2}http /m);
    expect(stdout).not.toContain('\u001b[');
  });

  it('reads stdin for "-" and explains ToolError text', async () => {
    const { code, stdout } = await cli(['explain', '-'], `${TOOL_TEXT}\n`);
    expect(code).toBe(0);
    expect(stdout).toContain(
      'Recognised  ToolError text — read as a ToolError, code SLACK_RATE_LIMITED',
    );
    expect(stdout).toContain('Next step   wait 2000 ms, then retry');
    expect(stdout).toContain('Message     Slack is rate limiting this workspace');
    expect(stdout).toMatch(/^ {2}http {4}429 retry-after: 2$/m);
  });

  it('explains "MCP error <code>:" text', async () => {
    const { code, stdout } = await cli(['explain', 'MCP error -32001: Request timed out']);
    expect(code).toBe(0);
    expect(stdout).toContain('MCP error text');
    expect(stdout).toContain('Category    timeout');
  });

  it('--protocol settles a colliding code: -32000 is auth in ACP, connection closed in MCP', async () => {
    const acp = await cli(['explain', '--protocol', 'acp', ACP_AUTH]);
    expect(acp.code).toBe(0);
    expect(acp.stdout).toContain('— read as an ACP error');
    expect(acp.stdout).toContain('Category    auth');
    expect(acp.stdout).toContain('Next step   log in again');
    expect(acp.stdout).toContain('  http    401');
    expect(acp.stdout).toContain('  arcp    UNAUTHENTICATED Authentication required');

    const closed = '{"code":-32000,"message":"Connection closed"}';
    const mcp = await cli(['explain', `--protocol=mcp`, closed]);
    expect(mcp.stdout).toContain('— read as an MCP error');
    expect(mcp.stdout).toContain('Category    unavailable');
    expect(mcp.stdout).toContain('Next step   retry after a short backoff');
  });

  it('--json prints the report with every other protocol in full', async () => {
    const { code, stdout } = await cli(['explain', '--json'], HTTP_429);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as Record<string, unknown> & {
      equivalents: Record<string, unknown>;
    };
    expect(report).toMatchObject({
      recognised: { protocol: 'http', form: 'HTTP response', wireCode: 429 },
      code: 'RATE_LIMITED',
      category: 'rate_limit',
      retryable: true,
      retryAfterMs: 2000,
      next: 'wait_and_retry',
      message: 'Too Many Requests',
    });
    expect(Object.keys(report.equivalents)).toEqual([
      'jsonrpc',
      'acp',
      'mcp',
      'lsp',
      'a2a',
      'arcp',
      'tool',
      'grpc',
    ]);
    expect(report.equivalents.tool).toMatch(/^\[ERROR code=RATE_LIMITED category=rate_limit/);
    expect(report.equivalents.arcp).toMatchObject({ message: 'Too Many Requests' });
  });

  it('escapes control characters from the input instead of writing them to the terminal', async () => {
    const { code, stdout } = await cli(['explain', '{"code":-32603,"message":"bad\\u0007bell"}']);
    expect(code).toBe(0);
    expect(stdout).not.toContain('\u0007');
  });

  it('prints its help', async () => {
    expect(await cli(['explain', '--help'])).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('Usage: agent-errors explain'),
    });
  });
});

describe('agent-errors convert', () => {
  it('converts an ACP auth error to HTTP', async () => {
    const { code, stdout, stderr } = await cli([
      'convert',
      '--to',
      'http',
      '--from',
      'acp',
      ACP_AUTH,
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      status: 401,
      headers: { 'content-type': 'application/problem+json' },
      body: { status: 401, code: 'AUTH_REQUIRED', category: 'auth', retryable: false },
    });
  });

  it('converts an HTTP 429 on stdin to MCP and keeps the delay', async () => {
    const { code, stdout } = await cli(['convert', '--to', 'mcp'], HTTP_429);
    expect(code).toBe(0);
    const form = JSON.parse(stdout) as { code: number; data: unknown };
    expect(form.code).toBeTypeOf('number');
    expect(JSON.stringify(form.data)).toContain('"retryAfterMs":2000');
  });

  it('prints tool text as text, and an MCP CallToolResult with --as toolResult', async () => {
    const text = await cli(['convert', '--to=tool', MCP_TIMEOUT]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(
      /^\[ERROR code=REQUEST_TIMEOUT category=timeout retryable=true\] Request timed out\n/,
    );
    const result = await cli(['convert', '--to', 'mcp', '--as', 'toolResult', '-'], TOOL_TEXT);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: expect.stringContaining('code=SLACK_RATE_LIMITED') }],
    });
  });

  it('wraps ARCP in an envelope and picks the A2A data form', async () => {
    const job = await cli(['convert', '--to', 'arcp', '--envelope', 'job.error', MCP_TIMEOUT]);
    expect(JSON.parse(job.stdout)).toMatchObject({
      type: 'job.error',
      payload: { code: 'TIMEOUT' },
    });
    const tool = await cli(
      ['convert', '--to', 'arcp', '--envelope', 'tool_result', '--call-id', 'c1'],
      MCP_TIMEOUT,
    );
    expect(tool.code).toBe(0);
    expect(tool.stdout).toContain('"c1"');
    const a2a = await cli(['convert', '--to', 'a2a', '--a2a-version', '0.3', MCP_TIMEOUT]);
    expect(a2a.code).toBe(0);
    expect(Array.isArray((JSON.parse(a2a.stdout) as { data: unknown }).data)).toBe(false);
  });

  it('prints its help', async () => {
    expect(await cli(['convert', '--help'])).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('Usage: agent-errors convert --to <protocol>'),
    });
  });
});

describe('bad input: exit code 2, a message, never a stack', () => {
  it('refuses empty input, on the argument and on stdin', async () => {
    expectUsageError(await cli(['explain', '']), 'explain: the input is empty; expected an error');
    expectUsageError(await cli(['explain'], '  \n'), 'explain: the input is empty');
    expectUsageError(await cli(['convert', '--to', 'acp'], ''), 'convert: the input is empty');
  });

  it('refuses broken JSON, JSON that is not an error, and objects with no error in them', async () => {
    expectUsageError(
      await cli(['explain', '{"code": -32001,']),
      'explain: the input looks like JSON but does not parse:',
    );
    expectUsageError(
      await cli(['explain', '42']),
      'explain: the input is the JSON number 42, not an error',
    );
    expectUsageError(await cli(['explain', '{"foo":1}']), 'explain: no error found in the input');
    expectUsageError(
      await cli(['explain', '[]']),
      'explain: A JSON-RPC batch with no error response in it',
    );
  });

  it('names the valid protocols for an unknown one', async () => {
    const valid = 'expected one of: jsonrpc, acp, mcp, lsp, a2a, arcp, tool, http, grpc';
    expectUsageError(
      await cli(['explain', '--protocol', 'thrift', MCP_TIMEOUT]),
      `explain: unknown protocol "thrift" for --protocol; ${valid}`,
    );
    expectUsageError(
      await cli(['convert', '--to', 'soap', MCP_TIMEOUT]),
      `convert: unknown protocol "soap" for --to; ${valid}`,
    );
    expectUsageError(
      await cli(['convert', '--to', 'acp', '--from', 'smtp', MCP_TIMEOUT]),
      `convert: unknown protocol "smtp" for --from; ${valid}`,
    );
  });

  it('refuses unknown options, a missing --to, options for another target, stray arguments', async () => {
    expectUsageError(
      await cli(['explain', '--yaml', MCP_TIMEOUT]),
      'explain: unknown option "--yaml"; expected --json, --protocol <value>, --help',
    );
    expectUsageError(await cli(['convert', MCP_TIMEOUT]), 'convert: --to <protocol> is required');
    expectUsageError(await cli(['convert', '--to']), 'convert: --to needs a value');
    expectUsageError(
      await cli(['convert', '--to', 'acp', '--as', 'toolResult', MCP_TIMEOUT]),
      'convert: --as applies only to --to mcp',
    );
    expectUsageError(
      await cli(['convert', '--to', 'a2a', '--a2a-version', '2', MCP_TIMEOUT]),
      'convert: --a2a-version must be one of: 1.0, 0.3; received "2"',
    );
    expectUsageError(
      await cli(['convert', '--to', 'arcp', '--envelope', 'tool_result', MCP_TIMEOUT]),
      'convert: --envelope tool_result needs --call-id <id>',
    );
    expectUsageError(
      await cli(['explain', '{"a":1}', '{"b":2}']),
      'explain: expected one input (a file, JSON, text or -), received 2 arguments',
    );
    expectUsageError(
      await cli(['frobnicate']),
      'unknown command "frobnicate"; expected one of: explain, convert',
    );
  });

  it('refuses more than 10 MB on stdin', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    expectUsageError(
      await cli(['explain'], big),
      'explain: input on stdin is larger than 10 MB; refusing to read it',
    );
  });

  it('prints usage instead of waiting when stdin is a terminal and there is no argument', async () => {
    let out = '';
    let err = '';
    const io = {
      stdout: { write: (text: string) => (out += text), isTTY: false },
      stderr: { write: (text: string) => (err += text) },
      stdin: {
        isTTY: true,
        // A terminal that never sends anything: reading it would hang the test.
        [Symbol.asyncIterator]: () => ({ next: () => new Promise<never>(() => {}) }),
      },
    };
    expect(await runCli(['explain'], io)).toBe(2);
    expect(await runCli(['convert', '--to', 'http'], io)).toBe(2);
    expect(out).toBe('');
    expect(err).toContain('Usage: agent-errors explain');
    expect(err).toContain('Usage: agent-errors convert');
    expect(err).toContain('explain: no input; pass the error as an argument or pipe it on stdin');
  });
});

// The cases above run the command through its entry in this process. These run the built binary
// itself: it starts, reads a real pipe (to the end, or stops at the limit), writes the same bytes
// and sets the exit code.
describe('the built binary gives what the in-process runs give', () => {
  // [what, arguments, stdin, exit code]
  const cases: [string, string[], string | undefined, number][] = [
    ['an argument', ['explain', MCP_TIMEOUT], undefined, 0],
    ['a pipe', ['explain', '--json'], HTTP_429, 0],
    ['"-" and convert', ['convert', '--to', 'mcp', '--as', 'toolResult', '-'], TOOL_TEXT, 0],
    ['bad usage', ['explain', '--yaml', MCP_TIMEOUT], undefined, 2],
    ['no error in the input', ['explain', '{"foo":1}'], undefined, 2],
  ];
  it.each(cases)('%s', async (_, args, input, code) => {
    const options = input === undefined ? {} : { input };
    const spawned = cliSpawned(args, options);
    expect(spawned.code).toBe(code);
    expect(spawned).toEqual(await cliInProcess(args, options));
  });

  it('refuses more than 10 MB on a real pipe', () => {
    expectUsageError(
      cliSpawned(['explain'], { input: Buffer.alloc(10 * 1024 * 1024 + 1, 0x20) }),
      'explain: input on stdin is larger than 10 MB; refusing to read it',
    );
  });
});
