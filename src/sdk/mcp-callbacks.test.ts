// withMcpErrors and the server author's callbacks beyond tools: every request handler that runs
// one (resources/read and /list, prompts/get, completion/complete), and errors that look like the
// SDK's own but are not (another library's JSON-RPC error, an upstream server's failure).
import {
  McpServer as McpServerV1,
  ResourceTemplate as TemplateV1,
} from '@modelcontextprotocol/sdk/server/mcp.js';
import { completable as completableV1 } from '@modelcontextprotocol/sdk/server/completable.js';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport as InMemoryV1 } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  McpServer as McpServerV2,
  ResourceTemplate as TemplateV2,
  completable as completableV2,
} from '@modelcontextprotocol/server';
import { Client as ClientV2, InMemoryTransport as InMemoryV2 } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toMcpError, withMcpErrors } from 'agent-errors/mcp';

const SECRET = 'password=hunter2 reading /srv/app/x.txt';
type Loose = any; // eslint-disable-line @typescript-eslint/no-explicit-any

describe.each(['v1', 'v2'] as const)('withMcpErrors, MCP SDK %s: callbacks beyond tools', (sdk) => {
  const Template: Loose = sdk === 'v1' ? TemplateV1 : TemplateV2;
  const completable: Loose = sdk === 'v1' ? completableV1 : completableV2;
  const newServer = (): Loose =>
    sdk === 'v1'
      ? new McpServerV1({ name: 's', version: '1' })
      : new McpServerV2({ name: 's', version: '1' });
  async function link(server: Loose): Promise<Loose> {
    const [a, b] = sdk === 'v1' ? InMemoryV1.createLinkedPair() : InMemoryV2.createLinkedPair();
    await server.connect(a);
    const client: Loose =
      sdk === 'v1'
        ? new ClientV1({ name: 'c', version: '1' })
        : new ClientV2({ name: 'c', version: '1' });
    await client.connect(b);
    return client;
  }
  async function wireOf(promise: Promise<unknown>) {
    const e: Loose = await promise.then(
      () => ({ message: 'resolved' }),
      (x: unknown) => x,
    );
    return JSON.stringify({ code: e.code, message: e.message, data: e.data });
  }
  /** What a client's completion request for `argument` of `ref` got back from `server`. */
  async function completionWire(server: Loose, ref: object, argument: string) {
    const client = await link(server);
    return wireOf(client.complete({ ref, argument: { name: argument, value: 'a' } }));
  }
  const wrapped = () => {
    const seen: unknown[] = [];
    return { server: withMcpErrors(newServer(), { onError: (e) => seen.push(e) }), seen };
  };
  const boom = () => {
    throw new Error(SECRET);
  };

  it('a resource template list callback (resources/list) does not leak', async () => {
    const { server, seen } = wrapped();
    server.registerResource('t', new Template('docs://{id}', { list: boom }), {}, () => ({
      contents: [],
    }));
    const wire = await wireOf((await link(server)).listResources());
    expect(wire).not.toContain('hunter2');
    expect(wire).not.toContain('/srv/app');
    expect(seen).toHaveLength(1);
  });

  it('a resource template complete callback (completion/complete) does not leak', async () => {
    const { server, seen } = wrapped();
    const template = new Template('docs://{id}', { list: undefined, complete: { id: boom } });
    server.registerResource('t', template, {}, () => ({ contents: [] }));
    const wire = await completionWire(server, { type: 'ref/resource', uri: 'docs://{id}' }, 'id');
    expect(wire).not.toContain('hunter2');
    expect(seen).toHaveLength(1);
  });

  it('a prompt argument completer (completion/complete) does not leak', async () => {
    const { server, seen } = wrapped();
    const shape = { topic: completable(z.string(), boom) };
    server.registerPrompt('p', { argsSchema: sdk === 'v1' ? shape : z.object(shape) }, () => ({
      messages: [],
    }));
    const wire = await completionWire(server, { type: 'ref/prompt', name: 'p' }, 'topic');
    expect(wire).not.toContain('hunter2');
    expect(seen).toHaveLength(1);
  });

  it("a JSON-RPC client library's error (viem's RpcRequestError shape) is not passed as an SDK error", async () => {
    // viem: class RpcRequestError extends BaseError { name = 'RpcRequestError'; code = <node's code> }
    // with the RPC URL (API key) and the request body in its message.
    class RpcRequestError extends Error {
      override name = 'RpcRequestError';
      code = -32000;
    }
    const { server, seen } = wrapped();
    server.registerResource('balance', 'chain://balance', {}, () => {
      throw new RpcRequestError(
        'RPC Request failed.\nURL: https://eth.example/v2/KEY-hunter2\nDetails: header not found',
      );
    });
    const wire = await wireOf((await link(server)).readResource({ uri: 'chain://balance' }));
    expect(wire).not.toContain('hunter2');
    expect(seen).toHaveLength(1);
  });

  it("a callback's own toMcpError goes out as it made it: one errorId, onError heard once", async () => {
    const ids: string[] = [];
    const server = withMcpErrors(newServer(), { onError: (_e, id) => ids.push(id) });
    server.registerResource('d', 'docs://a', {}, () => {
      throw toMcpError(new Error(SECRET), { onError: (_e, id) => ids.push(id) });
    });
    const wire = await wireOf((await link(server)).readResource({ uri: 'docs://a' }));
    expect(wire).not.toContain('hunter2');
    expect(ids).toHaveLength(1);
    expect(wire).toContain(ids[0]);
  });

  it("an upstream MCP server's raw failure is not relayed by a proxying resource", async () => {
    const upstream = newServer(); // a server this one reads from, not wrapped
    upstream.registerResource('d', 'docs://a', {}, boom);
    const upstreamClient = await link(upstream);
    const { server, seen } = wrapped();
    const readUpstream = (uri: URL): Promise<unknown> =>
      (upstreamClient as ClientV1).readResource({ uri: uri.href });
    server.registerResource('d', 'docs://a', {}, readUpstream);
    const wire = await wireOf((await link(server)).readResource({ uri: 'docs://a' }));
    expect(wire).not.toContain('hunter2');
    expect(wire).not.toContain('/srv/app');
    expect(seen).toHaveLength(1);
  });
});
