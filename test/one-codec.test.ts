import { beforeAll, describe, expect, it } from 'vitest';
import { AgentError, ERROR_CATEGORIES, encode, serializeError } from 'agent-errors';
import type { ErrorCategory } from 'agent-errors';
import { createHandler, createMemoryTransportPair, createPeer } from 'agent-errors/jsonrpc';
import type { Transport } from 'agent-errors/jsonrpc';
import { cliInProcess, cliSpawned } from './helpers/cli-run.js';
import { ensureDist } from './helpers/dist.js';

// For a given protocol the same error gives the same bytes on every path: `encode`, the peer,
// `createHandler` and the CLI's `convert`. One codec, derived from each protocol's dialect.

const PROTOCOLS = ['jsonrpc', 'acp', 'mcp', 'lsp', 'a2a'] as const;
type RpcProtocol = (typeof PROTOCOLS)[number];

function errorOf(category: ErrorCategory): AgentError {
  return new AgentError(`a ${category} failure`, {
    category,
    details: { target: 'search', apiKey: 'sk-live-0123456789abcdef' },
    ...(category === 'rate_limit' ? { retryAfterMs: 1500 } : {}),
  });
}

/** What a server peer writes when its handler throws `error`. */
async function viaPeer(protocol: RpcProtocol, error: AgentError): Promise<unknown> {
  const [serverSide, clientSide] = createMemoryTransportPair();
  const written: string[] = [];
  const tapped: Transport = {
    start: (sink) => serverSide.start(sink),
    send: (text) => {
      written.push(text);
      return serverSide.send(text);
    },
    close: () => serverSide.close(),
  };
  const server = createPeer({
    transport: tapped,
    protocol,
    methods: {
      fail: () => {
        throw error;
      },
    },
  });
  const client = createPeer({ transport: clientSide, protocol });
  server.start();
  client.start();
  await client.request('fail').catch(() => undefined);
  await client.close();
  const reply = written.map((t) => JSON.parse(t) as { error?: unknown }).find((m) => m.error);
  return reply?.error;
}

async function viaHandler(protocol: RpcProtocol, error: AgentError): Promise<unknown> {
  const handler = createHandler({
    protocol,
    methods: {
      fail: () => {
        throw error;
      },
    },
  });
  const reply = await handler.handle('{"jsonrpc":"2.0","id":1,"method":"fail"}');
  return (JSON.parse(reply!) as { error: unknown }).error;
}

/** The CLI's `convert` through its entry in this process; `spawned`: the built binary. */
async function viaCli(protocol: RpcProtocol, error: AgentError, spawned = false): Promise<unknown> {
  const args = ['convert', '--to', protocol, JSON.stringify(serializeError(error))];
  const run = spawned ? cliSpawned(args) : await cliInProcess(args);
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as unknown;
}

describe('one JSON-RPC codec: every category × every JSON-RPC protocol × every path', () => {
  beforeAll(() => ensureDist(), 120_000);

  it.each(PROTOCOLS)(
    '%s',
    async (protocol) => {
      for (const category of ERROR_CATEGORIES) {
        const error = errorOf(category);
        const expected = JSON.parse(JSON.stringify(encode(error, protocol))) as unknown;
        // The secret in `details` never crosses, whatever the path.
        expect(JSON.stringify(expected)).not.toContain('sk-live');
        expect(await viaPeer(protocol, error), `${protocol} peer, ${category}`).toEqual(expected);
        expect(await viaHandler(protocol, error), `${protocol} handler, ${category}`).toEqual(
          expected,
        );
        expect(await viaCli(protocol, error), `${protocol} CLI, ${category}`).toEqual(expected);
      }
      // The built binary writes the same bytes (one category per protocol: the others differ
      // only in the in-process part above).
      const error = errorOf('rate_limit');
      expect(await viaCli(protocol, error, true), `${protocol} built CLI`).toEqual(
        JSON.parse(JSON.stringify(encode(error, protocol))),
      );
    },
    120_000,
  );
});
