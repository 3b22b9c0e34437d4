// The conversion matrix (docs/conversions.md): every seed class × every protocol of the registry.
// `decode(encode(x, p))` keeps category, retryability and `retryAfterMs` everywhere, and the code
// wherever the table in docs/conversions.md does not say otherwise (the table is checked against
// what this test finds); every seed class comes back to itself through the hub, byte for byte;
// and the same holds on every road to the wire: the per-protocol helpers, the JSON-RPC peer over
// a real socket, and the SDK wrappers.
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import type { Socket } from 'node:net';
import * as acpSdk from '@agentclientprotocol/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode, encode, serializeError, deserializeError } from 'agent-errors';
import type { Protocol, AgentError } from 'agent-errors';
import type { RequestError } from 'agent-errors/acp';
import { toRequestError, withAcpErrors } from 'agent-errors/acp';
import type { McpError } from 'agent-errors/mcp';
import { toMcpError, withToolErrors } from 'agent-errors/mcp';
import type { ToolError } from 'agent-errors/tool';
import { toToolError, toolErrorFields } from 'agent-errors/tool';
import type { ARCPError } from 'agent-errors/arcp';
import { toArcpError, toPayload } from 'agent-errors/arcp';
import { createPeer } from 'agent-errors/jsonrpc';
import type { Peer } from 'agent-errors/jsonrpc';
import { nodeStreamTransport } from 'agent-errors/node';
import { DIALECTS, RPC_DIALECTS } from '../src/registry/dialects.js';
import type { RpcProtocol } from '../src/registry/dialects.js';
import { ROADS, runRoads, seedInputs, wireText } from './helpers/roads.js';
import type { SeedInput } from './helpers/roads.js';

const quiet = { onError: () => {} };
const PROTOCOLS = Object.keys(DIALECTS) as Protocol[];
const SEEDS: readonly SeedInput[] = seedInputs();

/** What must survive every conversion: the three things an agent acts on. */
function verdict(e: AgentError): [string, boolean, number | undefined] {
  return [e.category, e.retryable, e.retryAfterMs];
}

/** What the hub reads of a seed: the reference every conversion is held to. */
const hubOf = (seed: SeedInput): AgentError => decode(seed.value);

/** A seed whose code did not survive protocol `p`: what was meant, and what came back. */
interface CodeLoss {
  seed: string;
  meant: string;
  read: string;
}

/** Every seed through `encode(x, p)` and `decode(…, { protocol: p })`, once per protocol. */
function runMatrix(): Map<Protocol, { verdicts: string[]; losses: CodeLoss[] }> {
  const out = new Map<Protocol, { verdicts: string[]; losses: CodeLoss[] }>();
  for (const p of PROTOCOLS) {
    const verdicts: string[] = [];
    const losses: CodeLoss[] = [];
    for (const seed of SEEDS) {
      const meant = hubOf(seed);
      const back = decode(encode(seed.value, p, quiet), { protocol: p });
      const [a, b] = [verdict(meant), verdict(back)];
      if (JSON.stringify(a) !== JSON.stringify(b))
        verdicts.push(`${seed.id}: ${JSON.stringify(a)} → ${JSON.stringify(b)}`);
      if (back.code !== meant.code)
        losses.push({ seed: seed.id, meant: meant.code, read: back.code });
    }
    out.set(p, { verdicts, losses });
  }
  return out;
}

/** The table docs/conversions.md must hold, made from the matrix's findings. */
function codeTable(matrix: ReturnType<typeof runMatrix>): string {
  const rows = [
    '| protocol | seeds | code kept | what it cannot carry of the code |',
    '|---|---|---|---|',
  ];
  for (const [p, { losses }] of matrix) {
    const lost =
      losses.length === 0
        ? '—'
        : losses.map((l) => `${l.seed}: \`${l.meant}\` comes back \`${l.read}\``).join('; ');
    rows.push(`| ${p} | ${SEEDS.length} | ${SEEDS.length - losses.length} | ${lost} |`);
  }
  return rows.join('\n');
}

describe('the conversion matrix: every seed class × every protocol', () => {
  const matrix = runMatrix();

  it('covers every seed system and every protocol of the registry', () => {
    expect(new Set(SEEDS.map((s) => s.system))).toEqual(
      new Set(['acp', 'tool', 'mcp', 'arcp', 'hub']),
    );
    expect(SEEDS.filter((s) => s.system === 'arcp')).toHaveLength(15);
    expect(SEEDS.filter((s) => s.system === 'hub')).toHaveLength(24);
    expect(PROTOCOLS).toHaveLength(9);
  });

  it.each(PROTOCOLS)('decode(encode(x, %s)) keeps category, retryability and retryAfterMs', (p) => {
    expect(matrix.get(p)?.verdicts).toEqual([]);
  });

  it('docs/conversions.md says, protocol by protocol, what of the code each cannot carry', () => {
    const doc = readFileSync(new URL('../docs/conversions.md', import.meta.url), 'utf8');
    const table = /<!-- matrix:begin -->\s*\n([\s\S]*?)\n\s*<!-- matrix:end -->/.exec(doc)?.[1];
    // To write the table after a change: PRINT_CONVERSIONS=1 npx vitest run test/conversion-matrix.test.ts
    if (process.env.PRINT_CONVERSIONS) console.log(codeTable(matrix));
    // Cell by cell: prettier pads the columns of the page.
    const cells = (text: string | undefined) =>
      (text ?? '').split('\n').map((row) =>
        row
          .split('|')
          .map((cell) => cell.trim().replace(/^-+$/, '---'))
          .join('|'),
      );
    expect(cells(table), 'the generated table, between the matrix markers').toEqual(
      cells(codeTable(matrix)),
    );
  });
});

describe('every seed class comes back to itself through the hub, byte for byte', () => {
  const bySystem = (system: SeedInput['system']) =>
    SEEDS.filter((s) => s.system === system).map((s) => [s.id, s.value] as const);
  const json = (value: unknown) => JSON.stringify(value);

  it.each(bySystem('acp'))('%s', (_id, value) => {
    const seed = value as RequestError;
    const hub = decode(seed);
    expect(json(toRequestError(hub, quiet).toErrorResponse())).toBe(json(seed.toErrorResponse()));
    // And received: what a peer reads off the wire and sends on.
    const received = decode(encode(seed, 'acp', quiet), { protocol: 'acp' });
    expect(json(toRequestError(received, quiet).toErrorResponse())).toBe(
      json(seed.toErrorResponse()),
    );
  });

  it.each(bySystem('tool'))('%s', (_id, value) => {
    const seed = value as ToolError;
    const hub = decode(seed);
    expect(toolErrorFields(toToolError(hub))).toStrictEqual(toolErrorFields(seed));
    expect(encode(hub, 'tool', quiet)).toBe(encode(seed, 'tool', quiet));
    const received = decode(encode(seed, 'tool', quiet), { protocol: 'tool' });
    expect(toolErrorFields(toToolError(received))).toStrictEqual(toolErrorFields(seed));
    // And kept by the hub's copies: structuredClone, JSON, serializeError.
    for (const copy of [
      structuredClone(hub),
      decode(JSON.parse(json(hub))),
      deserializeError(JSON.parse(json(serializeError(hub)))),
    ]) {
      expect(toolErrorFields(toToolError(copy))).toStrictEqual(toolErrorFields(seed));
    }
    // The seed's own serialised form keeps what the agent acts on.
    const revived = deserializeError(JSON.parse(json(serializeError(seed))));
    expect([revived.code, revived.retryable, revived.retryAfterMs]).toEqual([
      seed.code,
      seed.retryable,
      seed.retryAfterMs,
    ]);
  });

  it.each(bySystem('mcp'))('%s', (_id, value) => {
    const seed = value as McpError;
    const hub = decode(seed);
    expect(json(toMcpError(hub, quiet).toJsonRpc())).toBe(json(seed.toJsonRpc()));
    const received = decode(encode(seed, 'mcp', quiet), { protocol: 'mcp' });
    expect(json(toMcpError(received, quiet).toJsonRpc())).toBe(json(seed.toJsonRpc()));
  });

  it.each(bySystem('arcp'))('%s', (_id, value) => {
    const seed = value as ARCPError;
    const hub = decode(seed);
    expect(json(toPayload(toArcpError(hub)))).toBe(json(toPayload(seed)));
    const received = decode(encode(seed, 'arcp', quiet), { protocol: 'arcp' });
    expect(json(toPayload(toArcpError(received)))).toBe(json(toPayload(seed)));
  });

  // The hub is its own seed: its copies (structuredClone, JSON, serializeError) send the same
  // bytes in every protocol. (A received `internal` error is marked unexpected, per the exposure
  // rule, and is re-sent without its message: that is the safety rule, not a loss.)
  it.each(bySystem('hub'))('%s, in every protocol', async (_id, value) => {
    const seed = value as AgentError;
    const copies = [
      structuredClone(seed),
      decode(JSON.parse(json(seed))),
      deserializeError(JSON.parse(json(serializeError(seed)))),
    ];
    for (const p of PROTOCOLS) {
      for (const copy of copies) {
        expect(await wireText(encode(copy, p, quiet)), p).toBe(
          await wireText(encode(seed, p, quiet)),
        );
      }
    }
  });
});

describe('the same on every road to the wire', () => {
  it(`the per-protocol helpers: ${ROADS.length} roads × ${SEEDS.length} seeds`, async () => {
    const { compared, mismatches } = await runRoads(SEEDS, ROADS);
    expect(compared).toBe(ROADS.length * SEEDS.length);
    expect(mismatches).toEqual([]);
    const lost: string[] = [];
    for (const road of ROADS) {
      for (const seed of SEEDS) {
        const back = decode(await road.send(seed.value, quiet), { protocol: road.protocol });
        if (json(verdict(back)) !== json(verdict(hubOf(seed))))
          lost.push(`${road.name} ${seed.id}`);
      }
    }
    expect(lost).toEqual([]);
  });

  describe('the JSON-RPC peer over a real socket on 127.0.0.1', () => {
    const sockets: Socket[] = [];
    const peers: Peer[] = [];
    const server = createServer();
    const clients = new Map<RpcProtocol, Peer>();

    beforeAll(async () => {
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      const { port } = server.address() as { port: number };
      for (const protocol of Object.keys(RPC_DIALECTS) as RpcProtocol[]) {
        const accepted = once(server, 'connection') as Promise<[Socket]>;
        const socket = connect(port, '127.0.0.1');
        await once(socket, 'connect');
        const [remote] = await accepted;
        sockets.push(socket, remote);
        const answering = createPeer({
          transport: nodeStreamTransport({ input: remote, output: remote }),
          protocol,
          onError: () => {},
          methods: {
            fail: ({ i }: { i: number }) => {
              throw SEEDS[i]?.value;
            },
          },
        });
        const asking = createPeer({
          transport: nodeStreamTransport({ input: socket, output: socket }),
          protocol,
          timeoutMs: 10_000,
        });
        answering.start();
        asking.start();
        peers.push(answering, asking);
        clients.set(protocol, asking);
      }
    });

    afterAll(async () => {
      await Promise.all(peers.map((peer) => peer.close()));
      for (const socket of sockets) socket.destroy();
      server.close();
    });

    it.each(Object.keys(RPC_DIALECTS) as RpcProtocol[])(
      `%s: every seed thrown in a handler reaches the caller with its category, retryability, delay and code`,
      async (protocol) => {
        const client = clients.get(protocol) as Peer;
        const lost: string[] = [];
        for (const [i, seed] of SEEDS.entries()) {
          // The peer rejects with the protocol's own class (a RequestError on ACP, an McpError
          // on MCP) or an AgentError: the caller reads either with decode.
          const thrown = await client.request('fail', { i }).then(
            () => undefined,
            (e: unknown) => decode(e, { protocol }),
          );
          const meant = hubOf(seed);
          const read = thrown && [...verdict(thrown), thrown.code];
          if (json(read) !== json([...verdict(meant), meant.code]))
            lost.push(`${seed.id}: ${json([...verdict(meant), meant.code])} → ${json(read)}`);
        }
        expect(lost).toEqual([]);
      },
    );
  });

  describe('the SDK wrappers', () => {
    it(`withToolErrors (MCP tool handlers): ${SEEDS.length} seeds`, async () => {
      const lost: string[] = [];
      for (const seed of SEEDS) {
        const result = await withToolErrors(() => {
          throw seed.value;
        }, quiet)();
        const back = decode(result, { protocol: 'mcp' });
        if (json(verdict(back)) !== json(verdict(hubOf(seed)))) lost.push(seed.id);
      }
      expect(lost).toEqual([]);
    });

    it(`withAcpErrors over @agentclientprotocol/sdk's RequestError: ${SEEDS.length} seeds`, async () => {
      const lost: string[] = [];
      for (const seed of SEEDS) {
        const handler = withAcpErrors(
          () => {
            throw seed.value;
          },
          acpSdk.RequestError,
          quiet,
        );
        const thrown = await Promise.resolve()
          .then(handler)
          .then(
            () => undefined,
            (e: unknown) => e,
          );
        expect(thrown).toBeInstanceOf(acpSdk.RequestError);
        const sent = (thrown as acpSdk.RequestError).toErrorResponse();
        const back = decode(JSON.parse(json(sent)), { protocol: 'acp' });
        if (json(verdict(back)) !== json(verdict(hubOf(seed)))) lost.push(seed.id);
      }
      expect(lost).toEqual([]);
    });
  });
});

function json(value: unknown): string {
  return JSON.stringify(value);
}
