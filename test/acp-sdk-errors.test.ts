// withAcpErrors over a real transport: an ACP agent built with @agentclientprotocol/sdk runs in a
// child process (test/fixtures/acp-sdk-agent.mjs) speaking newline-delimited JSON on stdio, and
// the SDK's own client talks to it. Every byte that crosses is kept and scanned.
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import * as acp from '@agentclientprotocol/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode, toAgentError } from 'agent-errors';
import { ensureDist } from './helpers/dist.js';

const SECRET = 'sk-live-9f8e7d6c5b4a39281706f5e4d3c2b1a0';
const PATH = '/home/alice/.config/agent/credentials.json';
const fixture = fileURLToPath(new URL('./fixtures/acp-sdk-agent.mjs', import.meta.url));

/** A byte-collecting pass-through, so the test sees exactly what crossed the pipe. */
function tap(chunks: Uint8Array[]): TransformStream<Uint8Array, Uint8Array> {
  return new TransformStream({
    transform(chunk, controller) {
      chunks.push(chunk);
      controller.enqueue(chunk);
    },
  });
}

let child: ChildProcessWithoutNullStreams;
let connection: acp.ClientConnection;
const sent: Uint8Array[] = [];
const received: Uint8Array[] = [];
const stderr: string[] = [];
let sessionId: string;

const wire = () => Buffer.concat([...sent, ...received]).toString('utf8');

beforeAll(async () => {
  ensureDist();
  child = spawn(process.execPath, [fixture], {
    env: { ...process.env, PLANTED_SECRET: SECRET, PLANTED_PATH: PATH },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => stderr.push(text));
  const toAgent = tap(sent);
  void toAgent.readable.pipeTo(Writable.toWeb(child.stdin)).catch(() => {});
  const fromAgent = (Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>).pipeThrough(
    tap(received),
  );
  connection = acp
    .client({ name: 'test-client' })
    .connect(acp.ndJsonStream(toAgent.writable, fromAgent));
  await connection.agent.request('initialize', {
    protocolVersion: acp.PROTOCOL_VERSION,
    clientCapabilities: {},
  });
  ({ sessionId } = await connection.agent.request('session/new', { cwd: '/tmp', mcpServers: [] }));
}, 60_000);

afterAll(() => {
  connection?.close();
  child?.kill();
});

function prompt(text: string, options?: acp.SendRequestOptions) {
  return connection.agent.request(
    'session/prompt',
    { sessionId, prompt: [{ type: 'text', text }] },
    options,
  );
}

async function rejection(promise: Promise<unknown>): Promise<acp.RequestError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(acp.RequestError);
  return error as acp.RequestError;
}

describe('an ACP SDK agent wrapped with withAcpErrors, over stdio', () => {
  it('answers normally when nothing is thrown', async () => {
    expect(await prompt('hello')).toMatchObject({ stopReason: 'end_turn' });
  });

  it('a rate limit reaches the client with its delay, and decode reads it back', async () => {
    const error = await rejection(prompt('rate'));
    expect({ code: error.code, message: error.message, data: error.data }).toEqual({
      code: -32603,
      message: 'The model is busy',
      data: {
        agentError: {
          code: 'RATE_LIMITED',
          category: 'rate_limit',
          retryable: true,
          retryAfterMs: 1500,
        },
      },
    });
    for (const hub of [decode(error, { protocol: 'acp' }), toAgentError(error)]) {
      expect(hub).toMatchObject({
        category: 'rate_limit',
        code: 'RATE_LIMITED',
        retryable: true,
        retryAfterMs: 1500,
      });
    }
  });

  it('an auth error is ACP auth_required (-32000)', async () => {
    const error = await rejection(prompt('auth'));
    expect([error.code, error.message]).toEqual([-32000, 'Sign in to continue']);
    expect(decode(error, { protocol: 'acp' })).toMatchObject({
      category: 'auth',
      code: 'AUTH_REQUIRED',
      retryable: false,
    });
    expect(toAgentError(error).category).toBe('auth');
  });

  it('a raw Error with a secret and a path is Internal error + errorId; stderr has the sanitised line', async () => {
    const error = await rejection(prompt('raw'));
    expect(error.code).toBe(-32603);
    expect(error.message).toBe('Internal error');
    const { errorId } = error.data as { errorId: string };
    expect(errorId).toMatch(/^[\w-]{8,}$/);
    expect(Object.keys(error.data as object)).toEqual(['errorId']);
    expect(decode(error, { protocol: 'acp' })).toMatchObject({
      category: 'internal',
      retryable: false,
    });
    await expect.poll(() => stderr.join(''), { timeout: 5_000 }).toContain(errorId);
    const line =
      stderr
        .join('')
        .split('\n')
        .find((l) => l.includes(errorId)) ?? '';
    expect(line).toMatch(/unexpected error/);
    expect(line).not.toContain(SECRET);
    expect(line).not.toContain('/home/alice');
  });

  it('a TypeError from a bug is Internal error too, never its message', async () => {
    const error = await rejection(prompt('type'));
    expect([error.code, error.message]).toEqual([-32603, 'Internal error']);
    expect(JSON.stringify(error.data)).not.toMatch(/undefined|reading/);
  });

  it('a schema failure thrown in the handler is invalid params with its issues', async () => {
    const error = await rejection(prompt('schema'));
    expect(error.code).toBe(-32602);
    const hub = decode(error, { protocol: 'acp' });
    expect(hub.category).toBe('validation');
    expect(hub.details?.issues).toEqual([{ path: ['limit'], message: expect.any(String) }]);
  });

  it('cancelling a prompt ($/cancel_request) comes back as -32800, decoded as cancelled', async () => {
    const controller = new AbortController();
    const pending = prompt('hang', { cancellationSignal: controller.signal });
    // The request is written before the cancel notification: the agent sees both, in order.
    controller.abort();
    const error = await rejection(pending);
    expect(error.code).toBe(-32800);
    expect(decode(error, { protocol: 'acp' })).toMatchObject({
      category: 'cancelled',
      retryable: false,
    });
  });

  it('a client-side timeout that stops waiting decodes as timeout, not cancelled', async () => {
    const pending = prompt('hang', {
      cancellationSignal: AbortSignal.timeout(50),
      stopWaitingOnCancel: true,
    });
    const error = await rejection(pending);
    expect(error.code).toBe(-32800);
    expect(decode(error, { protocol: 'acp' })).toMatchObject({
      category: 'timeout',
      retryable: true,
    });
    expect(toAgentError(error).category).toBe('timeout');
  });

  it('a notification handler that throws is reported on stderr, sanitised', async () => {
    const before = stderr.join('').split('errorId').length;
    await connection.agent.notify('session/cancel', { sessionId });
    await expect
      .poll(() => stderr.join('').split('errorId').length, { timeout: 5_000 })
      .toBeGreaterThan(before);
    expect(stderr.join('')).not.toContain(SECRET);
  });

  it('no byte that crossed the pipe holds the planted secret or path', async () => {
    // The connection still works after every failure above.
    expect(await prompt('hello')).toMatchObject({ stopReason: 'end_turn' });
    const bytes = wire();
    expect(bytes).toContain('"code":-32603');
    expect(bytes).not.toContain(SECRET);
    expect(bytes).not.toContain('sk-live');
    expect(bytes).not.toContain('/home/alice');
    expect(bytes).not.toContain('credentials.json');
    expect(stderr.join('')).not.toContain(SECRET);
  });
});
