// Where users live: an MCP server written with the official SDK (v1 and v2) and withMcpErrors, in
// a child process, over stdio and over Streamable HTTP on 127.0.0.1; the SDK's own Client with
// callToolOrThrow and retry on this side. Every byte the server sent is scanned for the planted
// secret and paths.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as StdioV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as HttpV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as HttpV2,
} from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioV2 } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAgentError, toAgentError } from 'agent-errors';
import type { AgentError } from 'agent-errors';
import { callToolOrThrow } from 'agent-errors/mcp';
import { isRetryError, retry, retryStopOf } from 'agent-errors/retry';
import type { RetryEvent } from 'agent-errors/retry';
import { ensureDist } from './helpers/dist.js';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const SECRET = 'PLANTEDsecretVALUE0123456789abcdef';
const PATHS = ['/srv/app', 'prod-secrets.json', 'tool.js'];

type AnyClient = { connect(t: unknown): Promise<void>; close(): Promise<void> };

/** A TCP relay on 127.0.0.1 that keeps a copy of every byte the server sent back. */
async function recordingProxy(
  port: number,
): Promise<{ port: number; received: Buffer[]; close(): Promise<void> }> {
  const received: Buffer[] = [];
  const sockets = new Set<Socket>();
  const proxy: Server = createServer((inbound) => {
    const outbound = createConnection({ host: '127.0.0.1', port });
    sockets.add(inbound).add(outbound);
    inbound.on('data', (chunk: Buffer) => outbound.write(chunk));
    outbound.on('data', (chunk: Buffer) => {
      received.push(chunk);
      inbound.write(chunk);
    });
    const end = () => {
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on('close', end).on('error', end);
    outbound.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address();
  if (address === null || typeof address === 'string') throw new Error('no proxy port');
  return {
    port: address.port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        proxy.close(() => resolve());
      }),
  };
}

function waitForPort(child: ChildProcess, stderr: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no port: ${stderr.join('')}`)), 30_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      const match = /port (\d+)/.exec(stderr.join('') + chunk.toString());
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.on('exit', (code) =>
      reject(new Error(`server exited ${String(code)}: ${stderr.join('')}`)),
    );
  });
}

interface Setup {
  client: AnyClient;
  /** Every byte the server sent to the client. */
  sent(): string;
  stderr: string[];
  close(): Promise<void>;
}

async function start(sdk: 'v1' | 'v2', transport: 'stdio' | 'http' | 'http-2026'): Promise<Setup> {
  const stderr: string[] = [];
  const client: AnyClient =
    sdk === 'v1'
      ? new ClientV1({ name: 'agent', version: '1.0.0' })
      : new ClientV2(
          { name: 'agent', version: '1.0.0' },
          // MCP 2026-07-28 (v2 negotiates 2025-11-25 unless told otherwise).
          transport === 'http-2026' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
        );
  if (transport === 'stdio') {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-tee-'));
    const file = join(dir, 'stdout');
    const Stdio = sdk === 'v1' ? StdioV1 : StdioV2;
    const stdio = new Stdio({
      command: process.execPath,
      args: [fixture('stdout-tee.mjs'), fixture('mcp-sdk-tools-server.mjs'), sdk, 'stdio'],
      env: { ...(process.env as Record<string, string>), STDOUT_TEE_FILE: file },
      stderr: 'pipe',
    });
    stdio.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
    await client.connect(stdio);
    return {
      client,
      stderr,
      sent: () => readFileSync(file, 'utf8'),
      close: async () => {
        await client.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const child = spawn(process.execPath, [fixture('mcp-sdk-tools-server.mjs'), sdk, 'http'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const port = await waitForPort(child, stderr);
  const proxy = await recordingProxy(port);
  const url = new URL(`http://127.0.0.1:${proxy.port}/mcp`);
  await client.connect(sdk === 'v1' ? new HttpV1(url) : new HttpV2(url));
  return {
    client,
    stderr,
    sent: () => Buffer.concat([...proxy.received, ...stdout]).toString('utf8'),
    close: async () => {
      await client.close().catch(() => {});
      await proxy.close();
      child.kill();
    },
  };
}

async function failure(promise: Promise<unknown>): Promise<AgentError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isAgentError(error), String(error)).toBe(true);
  return error as AgentError;
}

describe.each([
  ['v1', 'stdio'],
  ['v1', 'http'],
  ['v2', 'stdio'],
  ['v2', 'http'],
  ['v2', 'http-2026'],
] as const)(
  'MCP SDK %s over %s: withMcpErrors server, Client + callToolOrThrow + retry',
  (sdk, transport) => {
    let setup: Setup;

    beforeAll(async () => {
      ensureDist();
      setup = await start(sdk, transport);
    }, 120_000);

    afterAll(async () => {
      await setup?.close();
    });

    it.runIf(sdk === 'v2')('negotiates the protocol revision under test', () => {
      const client = setup.client as unknown as ClientV2;
      expect(client.getNegotiatedProtocolVersion()).toBe(
        transport === 'http-2026' ? '2026-07-28' : '2025-11-25',
      );
    });

    it('a rate limit is waited out as the server asked, then the call succeeds', async () => {
      const events: RetryEvent[] = [];
      const result = await retry(
        (attempt) =>
          callToolOrThrow(setup.client, { name: 'search', arguments: { query: 'mcp' } }, attempt),
        { onRetry: (event) => void events.push(event) },
      );
      expect(result).toMatchObject({ content: [{ type: 'text', text: 'results for mcp' }] });
      expect(events.map((e) => [e.error.category, e.delayMs])).toEqual([
        ['rate_limit', 40],
        ['rate_limit', 40],
      ]);
    });

    it('auth and quota stop at once, with the category the tool threw', async () => {
      const auth = await failure(retry(() => callToolOrThrow(setup.client, { name: 'calendar' })));
      expect([auth.category, auth.message, isRetryError(auth)]).toEqual([
        'auth',
        'Calendar login expired',
        true,
      ]);
      const quota = await failure(retry(() => callToolOrThrow(setup.client, { name: 'generate' })));
      expect([quota.category, quota.retryable]).toEqual(['quota', false]);
    });

    it('a validation failure names the field, and the fixed call succeeds', async () => {
      const bad = await failure(
        callToolOrThrow(setup.client, { name: 'book', arguments: { hours: 12, room: 'A' } }),
      );
      expect(bad.category).toBe('validation');
      expect(bad.details?.issues).toEqual([{ path: ['hours'], message: expect.any(String) }]);
      const text = bad.wire?.message ?? '';
      expect(text).toContain('Next step: Fix `hours` (');
      expect(
        await callToolOrThrow(setup.client, { name: 'book', arguments: { hours: 2, room: 'A' } }),
      ).toMatchObject({ content: [{ type: 'text', text: 'booked A for 2 h' }] });
    });

    it('an unknown tool is not_found (TOOL_NOT_FOUND, named), told apart from bad arguments', async () => {
      const unknown = await failure(
        retry(() => callToolOrThrow(setup.client, { name: 'no_such_tool', arguments: {} })),
      );
      expect([unknown.category, unknown.code, unknown.retryable]).toEqual([
        'not_found',
        'TOOL_NOT_FOUND',
        false,
      ]);
      expect(unknown.message).toBe('Tool no_such_tool not found');
      // The server side keeps the spec's protocol error, invalid params (v2 rejects with it; v1
      // returns it as the text of an isError result).
      expect([unknown.wire?.code, unknown.details?.mcpErrorCode]).toContain(-32602);
      expect(retryStopOf(unknown)).toEqual({ attempts: 1, reason: 'not_retryable' });
    });

    it("a thrown code that is a path or a token never crosses: the category's code does", async () => {
      for (const code of ['path', 'token']) {
        const error = await failure(
          callToolOrThrow(setup.client, { name: 'odd-code', arguments: { code } }),
        );
        expect([error.category, error.code, error.message]).toEqual([
          'unavailable',
          'UNAVAILABLE',
          'Export is being rebuilt',
        ]);
      }
      const sent = setup.sent();
      // The text's header (the JSON block is escaped inside the text; `_meta` is opt-in).
      expect(sent).toContain('[ERROR code=UNAVAILABLE ');
      expect(sent).not.toContain(SECRET);
      for (const path of PATHS) expect(sent).not.toContain(path);
    });

    it('resources and prompts: a missing resource reads as not_found, a broken prompt as internal', async () => {
      const client = setup.client as unknown as ClientV1;
      const missing = toAgentError(
        await client.readResource({ uri: 'docs://missing' }).then(
          () => undefined,
          (e: unknown) => e,
        ),
      );
      expect([missing.category, missing.code]).toEqual(['not_found', 'RESOURCE_NOT_FOUND']);
      const broken = toAgentError(
        await client.getPrompt({ name: 'greet' }).then(
          () => undefined,
          (e: unknown) => e,
        ),
      );
      expect([broken.category, broken.message]).toEqual(['internal', 'Internal error']);
    });

    it('unexpected errors: Internal error and an errorId, logged on stderr, nothing secret sent', async () => {
      for (const name of ['crash', 'crash-direct']) {
        const error = await failure(callToolOrThrow(setup.client, { name }));
        expect([error.category, error.message, error.retryable]).toEqual([
          'internal',
          'Internal error',
          false,
        ]);
        const errorId = error.details?.errorId as string;
        expect(errorId).toMatch(/^[\w-]{8,}$/);
        // Bounded wait for the child's stderr line (it is written before the reply, read apart).
        for (let i = 0; i < 100 && !setup.stderr.join('').includes(errorId); i += 1) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(setup.stderr.join('')).toContain(`unexpected error (errorId ${errorId})`);
      }
      const sent = setup.sent();
      expect(sent).toContain('Internal error');
      expect(sent).not.toContain(SECRET);
      for (const path of PATHS) expect(sent).not.toContain(path);
      expect(setup.stderr.join('')).not.toContain(SECRET);
    });
  },
);
