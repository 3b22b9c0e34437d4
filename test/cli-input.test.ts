import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from 'agent-errors';
import { runCli } from '../src/cli/main.js';
import { readInput, textReportsError } from '../src/cli/read-input.js';
import { requireBuild, root } from './built.js';
import { cliInProcess, cliSpawned } from './helpers/cli-run.js';
import type { CliResult } from './helpers/cli-run.js';

let dir: string;

beforeAll(() => {
  requireBuild();
  dir = mkdtempSync(join(tmpdir(), 'agent-errors-cli-'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Run the command in process in `cwd` (default: the temp dir), no colour, stdout a pipe. */
function cli(args: string[], options: { input?: string; cwd?: string } = {}) {
  return cliInProcess(args, { ...options, cwd: options.cwd ?? dir, env: { NO_COLOR: '1' } });
}

/** The error `--json` prints on stderr, checked to be the only thing there. */
function jsonError(result: CliResult): { code: string; message: string } {
  expect(result.code).toBe(2);
  expect(result.stdout).toBe('');
  const lines = result.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  const parsed = JSON.parse(lines[0] as string) as { error: { code: string; message: string } };
  expect(Object.keys(parsed)).toEqual(['error']);
  expect(Object.keys(parsed.error)).toEqual(['code', 'message']);
  return parsed.error;
}

const MCP_TIMEOUT =
  '{"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":"Request timed out","data":{"timeout":50}}}';

describe('agent-errors --version', () => {
  it('prints the version from package.json', async () => {
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(await cli(['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('convert --version is an unknown option whose message lists --a2a-version', async () => {
    const result = await cli(['convert', '--to', 'a2a', '--version', '0.3', MCP_TIMEOUT]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('convert: unknown option "--version"; expected');
    expect(result.stderr).toContain('--a2a-version');
    expect((await cli(['convert', '--to', 'a2a', '--version=0.3', MCP_TIMEOUT])).code).toBe(2);
  });
});

describe('reading a file', () => {
  it('explains the file the argument names, also given as a relative path', async () => {
    writeFileSync(join(dir, 'err.json'), `${MCP_TIMEOUT}\n`);
    const relative = await cli(['explain', 'err.json']);
    expect(relative.stderr).toBe('');
    expect(relative.code).toBe(0);
    expect(relative.stdout).toContain(
      'Recognised  JSON-RPC error response — read as a JSON-RPC error',
    );
    expect(relative.stdout).toContain('Code        REQUEST_TIMEOUT');
    const absolute = await cli(['explain', '--json', join(dir, 'err.json')]);
    expect(JSON.parse(absolute.stdout)).toMatchObject({ code: 'REQUEST_TIMEOUT' });
    // A file holding text is read as text.
    writeFileSync(join(dir, 'tool.txt'), 'MCP error -32001: Request timed out\n');
    expect((await cli(['explain', 'tool.txt'])).stdout).toContain('MCP error text');
  });

  it('convert reads a file too', async () => {
    writeFileSync(join(dir, 'err.json'), MCP_TIMEOUT);
    const { code, stdout } = await cli(['convert', '--to', 'http', 'err.json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ status: 504 });
  });

  it('refuses a path that names no readable file instead of explaining its name', async () => {
    const missing = await cli(['explain', 'missing.json']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(
      'agent-errors: explain: cannot read "missing.json": no such file',
    );
    expect((await cli(['explain', './nope/err'])).stderr).toContain('cannot read "./nope/err"');
    expect((await cli(['explain', dir])).stderr).toContain('it is a directory');
    expect(jsonError(await cli(['explain', '--json', 'missing.json']))).toEqual({
      code: 'UNREADABLE_INPUT',
      message: 'explain: cannot read "missing.json": no such file',
    });
  });

  // root reads any file.
  it.skipIf(process.getuid?.() === 0)('refuses an unreadable file', async () => {
    const locked = join(dir, 'locked.json');
    writeFileSync(locked, MCP_TIMEOUT);
    chmodSync(locked, 0o000);
    expect(jsonError(await cli(['explain', '--json', locked])).code).toBe('UNREADABLE_INPUT');
  });

  it('refuses a file over the limit, and reads text that only looks like a name as text', async () => {
    const big = join(dir, 'big.json');
    writeFileSync(big, `"${'x'.repeat(100)}"`);
    await expect(readInput([big], undefined, 'explain', 50)).rejects.toMatchObject({
      code: 'INPUT_TOO_LARGE',
      message: `explain: input on ${JSON.stringify(big)} is larger than ${50 / 1024 / 1024} MB; refusing to read it`,
    });
    await expect(readInput(['ECONNRESET'], undefined, 'explain')).resolves.toBe('ECONNRESET');
    await expect(readInput(['Request timed out'], undefined, 'x')).resolves.toBe(
      'Request timed out',
    );
  });
});

describe('input with no error in it: exit code 2, "no error found"', () => {
  it('plain text with no sign of an error', async () => {
    for (const text of ['hello world', '"just a JSON string"', 'All good']) {
      const result = await cli(['explain', text]);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('explain: no error found in the input');
    }
    expect(jsonError(await cli(['explain', '--json', 'hello world']))).toEqual({
      code: 'NO_ERROR_FOUND',
      message:
        'explain: no error found in the input: "hello world" is plain text with no error in it (no ToolError fields, no "MCP error <code>:" prefix, no error words)',
    });
    expect((await cli(['convert', '--to', 'http', 'hello world'])).code).toBe(2);
  });

  it('a JSON-RPC success response, an HTTP success, an object with no error', async () => {
    const success = jsonError(
      await cli(['explain', '--json', '{"jsonrpc":"2.0","id":1,"result":{}}']),
    );
    expect(success.code).toBe('NO_ERROR_FOUND');
    expect(success.message).toContain(
      'no error found in the input: it is a JSON-RPC success response',
    );
    expect(jsonError(await cli(['explain', '--json', '{"status":200}'])).message).toContain(
      'it is an HTTP response with status 200',
    );
    expect(jsonError(await cli(['explain', '--json', '{"ok":true}'])).code).toBe('NO_ERROR_FOUND');
    expect(jsonError(await cli(['explain', '--json', '42'])).code).toBe('NO_ERROR_FOUND');
  });

  it('still explains text that reports an error', async () => {
    for (const text of [
      'Error: boom',
      'Request failed',
      'connect ECONNREFUSED 127.0.0.1:6379',
      'TypeError: x is not a function',
      'Slack is rate limiting this workspace',
      '[SLACK_DOWN] the workspace is unreachable',
    ]) {
      const result = await cli(['explain', text]);
      expect({ text, code: result.code }).toEqual({ text, code: 0 });
    }
  });

  it('textReportsError: the rule the help states', () => {
    const reports = (text: string) => textReportsError(text, decode(text));
    expect(reports('hello world')).toBe(false);
    expect(reports('the answer is 42')).toBe(false);
    expect(reports('[ERROR code=X] boom')).toBe(true);
    expect(reports('[QUOTA_GONE] no more')).toBe(true);
    expect(reports('MCP error -32603: boom')).toBe(true);
    expect(reports('Tool dispatch error: boom')).toBe(true);
    expect(reports('Something odd happened: an exception was thrown')).toBe(true);
    expect(reports('permission denied')).toBe(true);
    expect(reports('Operation timed out')).toBe(true);
    expect(reports('EPIPE')).toBe(true);
    expect(reports('ValueError')).toBe(true);
  });
});

describe('--json: errors on stderr as { "error": { code, message } }', () => {
  it('usage errors, for every command and before the command', async () => {
    expect(jsonError(await cli(['explain', '--json', '--yaml', MCP_TIMEOUT]))).toEqual({
      code: 'USAGE',
      message: 'explain: unknown option "--yaml"; expected --json, --protocol <value>, --help',
    });
    expect(jsonError(await cli(['convert', '--json', MCP_TIMEOUT]))).toEqual({
      code: 'USAGE',
      message: 'convert: --to <protocol> is required',
    });
    expect(jsonError(await cli(['frobnicate', '--json'])).code).toBe('USAGE');
    expect(jsonError(await cli(['explain', '--json', '--yaml', '{}'])).code).toBe('USAGE');
  });

  it('empty input, broken JSON', async () => {
    expect(jsonError(await cli(['explain', '--json'], { input: '  ' })).code).toBe('EMPTY_INPUT');
    expect(jsonError(await cli(['explain', '--json', '{"code":'])).code).toBe('INVALID_JSON');
  });

  it('no usage text is mixed in when there is no input', async () => {
    let out = '';
    let err = '';
    const io = {
      stdout: { write: (text: string) => (out += text), isTTY: false },
      stderr: { write: (text: string) => (err += text) },
      stdin: {
        isTTY: true,
        [Symbol.asyncIterator]: () => ({ next: () => new Promise<never>(() => {}) }),
      },
    };
    expect(await runCli(['explain', '--json'], io)).toBe(2);
    expect(out).toBe('');
    expect(JSON.parse(err)).toEqual({
      error: {
        code: 'NO_INPUT',
        message: 'explain: no input; pass the error as an argument or pipe it on stdin',
      },
    });
  });

  it('stdin that fails to read is unreadable input (exit 2), not a crash', async () => {
    let err = '';
    const io = {
      stdout: { write: () => true },
      stderr: { write: (text: string) => (err += text) },
      stdin: {
        isTTY: false,
        [Symbol.asyncIterator]: () => ({
          next: () => Promise.reject(Object.assign(new Error('EIO: i/o error'), { code: 'EIO' })),
        }),
      },
    };
    expect(await runCli(['explain', '--json'], io)).toBe(2);
    expect(JSON.parse(err)).toEqual({
      error: { code: 'UNREADABLE_INPUT', message: 'explain: cannot read stdin: EIO: i/o error' },
    });
  });

  it('without --json the same errors stay one line of text', async () => {
    const result = await cli(['explain', 'hello world']);
    expect(result.stderr).toMatch(/^agent-errors: explain: no error found in the input/);
    expect(result.stderr).toContain('Run agent-errors --help for usage.');
  });

  it('convert --json prints tool text as a JSON string', async () => {
    const { code, stdout } = await cli(['convert', '--json', '--to', 'tool', MCP_TIMEOUT]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatch(/^\[ERROR code=REQUEST_TIMEOUT category=timeout/);
  });
});

describe('help', () => {
  it('lists examples, --version and the exit codes', async () => {
    const top = (await cli(['--help'])).stdout;
    expect(top).toContain('--version');
    expect(top).toContain('Examples:');
    expect(top).toContain('agent-errors explain err.json');
    const explain = (await cli(['explain', '--help'])).stdout;
    expect(explain).toContain('Examples:');
    expect(explain).toContain('What counts as an error');
    expect(explain).toContain('"hello world" is no error');
    const convert = (await cli(['convert', '--help'])).stdout;
    expect(convert).toContain('--a2a-version <v>');
    expect(convert).not.toMatch(/^ {2}--version/m);
  });
});

describe('the built binary', () => {
  it('reads a file relative to the directory it runs in, as the in-process run does', async () => {
    writeFileSync(join(dir, 'spawned.json'), MCP_TIMEOUT);
    const spawned = cliSpawned(['explain', '--json', 'spawned.json'], {
      cwd: dir,
      env: { NO_COLOR: '1' },
    });
    expect(spawned.code).toBe(0);
    expect(spawned).toEqual(await cli(['explain', '--json', 'spawned.json']));
    expect(JSON.parse(spawned.stdout)).toMatchObject({ code: 'REQUEST_TIMEOUT' });
  });
});
