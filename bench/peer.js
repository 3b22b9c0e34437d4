/* global TransformStream, TextEncoder, TextDecoder, queueMicrotask */
// Round-trip throughput of JSON-RPC peers: 100 concurrent callers, half of the calls throwing,
// newline-delimited JSON over in-process streams (vscode-jsonrpc uses its own Content-Length
// framing over Node streams; MCP its in-memory transport, as the issue asks).
// Run `npx tsc -p tsconfig.build.json` first: this imports the built package from ../dist.
// `node bench/peer.js --against <copy of dist>` times this build's peer against another build's.
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import * as rpcEntry from '../dist/rpc/index.js';
import * as rootEntry from '../dist/index.js';

const CALLERS = 100;

/** Run `total` calls through `call(i)` from CALLERS concurrent loops; returns req/s. */
async function drive(call, total) {
  let next = 0;
  let failures = 0;
  const worker = async () => {
    while (next < total) {
      const i = next++;
      try {
        await call(i);
      } catch {
        failures++;
      }
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CALLERS }, worker));
  const seconds = (performance.now() - t0) / 1000;
  if (Math.abs(failures - total / 2) > 1)
    throw new Error(`expected half the calls to fail, got ${failures}/${total}`);
  return total / seconds;
}

function webPipes() {
  const ab = new TransformStream();
  const ba = new TransformStream();
  return { ab, ba };
}

/** Our peer, from this build's entries unless another build's `{ rpc, root }` are given. */
export async function ours({ rpc, root } = { rpc: rpcEntry, root: rootEntry }) {
  const { createPeer, streamTransport } = rpc;
  const { AgentError } = root;
  const { ab, ba } = webPipes();
  const server = createPeer({
    transport: streamTransport({ readable: ab.readable, writable: ba.writable }),
    methods: {
      echo: (p) => {
        if (p.i % 2) throw AgentError.validation('odd');
        return p;
      },
    },
  });
  const client = createPeer({
    transport: streamTransport({ readable: ba.readable, writable: ab.writable }),
  });
  server.start();
  client.start();
  return {
    call: (i) => client.request('echo', { i }),
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

async function floor() {
  // The least any peer must do: stringify, frame, write, read, split, parse, look up a Map.
  // Writes made in the same tick are joined into one chunk, as any careful hand-written loop does.
  const { ab, ba } = webPipes();
  const enc = new TextEncoder();
  const lines = (readable, onLine) => {
    const dec = new TextDecoder();
    let buf = '';
    void (async () => {
      for await (const chunk of readable) {
        buf += dec.decode(chunk, { stream: true });
        let start = 0;
        let nl;
        while ((nl = buf.indexOf('\n', start)) !== -1) {
          onLine(buf.slice(start, nl));
          start = nl + 1;
        }
        buf = buf.slice(start);
      }
    })();
  };
  const batched = (writable) => {
    const w = writable.getWriter();
    let queue = [];
    const flush = () => {
      const text = queue.join('');
      queue = [];
      void w.write(enc.encode(text));
    };
    return {
      write(line) {
        if (queue.push(line) === 1) queueMicrotask(flush);
      },
      close: () => w.close(),
    };
  };
  const sw = batched(ba.writable);
  // Its handler throws like every other candidate's, so the floor pays for the same errors.
  const echo = (p) => {
    if (p.i % 2) throw new Error('odd');
    return p;
  };
  lines(ab.readable, (line) => {
    const m = JSON.parse(line);
    let reply;
    try {
      reply = { jsonrpc: '2.0', id: m.id, result: echo(m.params) };
    } catch (error) {
      reply = { jsonrpc: '2.0', id: m.id, error: { code: -32602, message: error.message } };
    }
    sw.write(`${JSON.stringify(reply)}\n`);
  });
  const cw = batched(ab.writable);
  const pending = new Map();
  let id = 0;
  lines(ba.readable, (line) => {
    const m = JSON.parse(line);
    const p = pending.get(m.id);
    pending.delete(m.id);
    if (m.error) p.reject(new Error(m.error.message));
    else p.resolve(m.result);
  });
  return {
    call: (i) =>
      new Promise((resolve, reject) => {
        const n = ++id;
        pending.set(n, { resolve, reject });
        cw.write(`${JSON.stringify({ jsonrpc: '2.0', id: n, method: 'echo', params: { i } })}\n`);
      }),
    close: async () => {
      await cw.close();
      await sw.close();
    },
  };
}

async function vscode() {
  const rpc = await import('vscode-jsonrpc/node');
  const ab = new PassThrough();
  const ba = new PassThrough();
  const server = rpc.createMessageConnection(
    new rpc.StreamMessageReader(ab),
    new rpc.StreamMessageWriter(ba),
  );
  server.onRequest('echo', (p) => {
    if (p.i % 2) throw new rpc.ResponseError(-32602, 'odd');
    return p;
  });
  const client = rpc.createMessageConnection(
    new rpc.StreamMessageReader(ba),
    new rpc.StreamMessageWriter(ab),
  );
  server.listen();
  client.listen();
  return {
    call: (i) => client.sendRequest('echo', { i }),
    close: async () => {
      client.dispose();
      server.dispose();
    },
  };
}

async function acp() {
  const { agent, client, ndJsonStream, RequestError } = await import('@agentclientprotocol/sdk');
  const { ab, ba } = webPipes();
  const a = agent()
    .onRequest(
      'ext/echo',
      (p) => p,
      (ctx) => {
        if (ctx.params.i % 2) throw RequestError.invalidParams(undefined, 'odd');
        return ctx.params;
      },
    )
    .connect(ndJsonStream(ba.writable, ab.readable));
  const c = client().connect(ndJsonStream(ab.writable, ba.readable));
  return {
    call: (i) => c.agent.request('ext/echo', { i }),
    close: async () => {
      c.close();
      a.close();
    },
  };
}

async function jsonRpc2() {
  const { JSONRPCClient, JSONRPCServer, JSONRPCServerAndClient, JSONRPCErrorException } =
    await import('json-rpc-2.0');
  const { ab, ba } = webPipes();
  const enc = new TextEncoder();
  const side = (readable, writable) => {
    const w = writable.getWriter();
    const peer = new JSONRPCServerAndClient(
      // Silence its console logging of every thrown error, which would dominate the timing.
      new JSONRPCServer({ errorListener: () => {} }),
      new JSONRPCClient((payload) => w.write(enc.encode(`${JSON.stringify(payload)}\n`))),
      { errorListener: () => {} },
    );
    const dec = new TextDecoder();
    let buf = '';
    void (async () => {
      for await (const chunk of readable) {
        buf += dec.decode(chunk, { stream: true });
        let nl;
        while ((nl = buf.indexOf('\n')) !== -1) {
          const line = buf.slice(0, nl);
          buf = buf.slice(nl + 1);
          void peer.receiveAndSend(JSON.parse(line));
        }
      }
    })();
    return { peer, w };
  };
  const s = side(ab.readable, ba.writable);
  const c = side(ba.readable, ab.writable);
  s.peer.addMethod('echo', (p) => {
    if (p.i % 2) throw new JSONRPCErrorException('odd', -32602);
    return p;
  });
  return {
    call: (i) => c.peer.request('echo', { i }),
    close: async () => {
      await c.w.close();
      await s.w.close();
    },
  };
}

async function mcp() {
  const { InMemoryTransport } = await import('@modelcontextprotocol/sdk/inMemory.js');
  const { Server } = await import('@modelcontextprotocol/sdk/server/index.js');
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { CallToolRequestSchema, CallToolResultSchema, McpError } =
    await import('@modelcontextprotocol/sdk/types.js');
  const [a, b] = InMemoryTransport.createLinkedPair();
  const server = new Server({ name: 'bench', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(CallToolRequestSchema, (req) => {
    if (req.params.arguments.i % 2) throw new McpError(-32602, 'odd');
    return { content: [] };
  });
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await Promise.all([server.connect(a), client.connect(b)]);
  return {
    call: (i) =>
      client.request(
        { method: 'tools/call', params: { name: 'echo', arguments: { i } } },
        CallToolResultSchema,
      ),
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

export const CANDIDATES = {
  'agent-errors peer': ours,
  floor,
  'vscode-jsonrpc': vscode,
  '@agentclientprotocol/sdk': acp,
  'json-rpc-2.0': jsonRpc2,
  '@modelcontextprotocol/sdk': mcp,
};

/**
 * Measure every candidate: a warm-up, then the best of `rounds` runs of `calls` calls each.
 * Rounds are interleaved across candidates so that a burst of load on a shared machine does not
 * land on one candidate only.
 * @returns {Promise<{ name: string, value: number }[]>} req/s per candidate
 */
export async function runPeerBench({ calls = 20_000, rounds = 5, only } = {}) {
  const names = Object.keys(CANDIDATES).filter((n) => !only || only.includes(n));
  const impls = new Map();
  for (const name of names) {
    const impl = await CANDIDATES[name]();
    await drive(impl.call, 2_000);
    impls.set(name, impl);
  }
  const best = new Map(names.map((n) => [n, 0]));
  for (let r = 0; r < rounds; r++) {
    for (const name of names) {
      best.set(name, Math.max(best.get(name), await drive(impls.get(name).call, calls)));
    }
  }
  for (const impl of impls.values()) await impl.close();
  return names.map((name) => ({ name, value: best.get(name) }));
}

/** Print rows with ratios against vscode-jsonrpc and the floor. */
export function printPeerBench(rows) {
  const by = (n) => rows.find((r) => r.name === n)?.value;
  const width = Math.max(...rows.map((r) => r.name.length));
  console.log('\nJSON-RPC round trips: 100 concurrent callers, half the calls throwing');
  console.log(
    `${'candidate'.padEnd(width)}  ${'req/s'.padStart(10)}  ${'vs vscode'.padStart(10)}  ${'vs floor'.padStart(9)}`,
  );
  for (const { name, value } of rows) {
    const vs = (base) => (base ? `${(value / base).toFixed(2)}x` : '-');
    console.log(
      `${name.padEnd(width)}  ${value.toFixed(0).padStart(10)}  ${vs(by('vscode-jsonrpc')).padStart(10)}  ${vs(by('floor')).padStart(9)}`,
    );
  }
}

/**
 * This build's peer against another build's (`node bench/peer.js --against /tmp/base-dist`, a
 * copy of `dist/` made before a change), with the floor and vscode-jsonrpc, in alternating
 * rounds of one process: each ratio is the median over rounds of the two runs' ratio in that
 * round, the before/after of a change without the drift between separate runs.
 */
export async function printAgainst(otherDist, { calls = 4_000, rounds = 25 } = {}) {
  const load = (entry) => import(pathToFileURL(`${otherDist}/${entry}`).href);
  // The other build's peer comes from a second instance of this module: closures of their own,
  // so that the two peers do not share V8's type feedback.
  const twin = await import(new URL('./peer.js?against', import.meta.url).href);
  const other = { rpc: await load('rpc/index.js'), root: await load('index.js') };
  const impls = [await floor(), await vscode(), await twin.ours(other), await ours()];
  for (const impl of impls) await drive(impl.call, 2_000);
  const rates = impls.map(() => []);
  // Every other round runs them in the reverse order: whatever one run leaves to the next (a
  // collection due, a cold cache) falls on each in turn.
  const order = [...impls.keys()];
  for (let r = 0; r < rounds; r++) {
    for (const k of r % 2 === 0 ? order : [...order].reverse()) {
      rates[k].push(await drive(impls[k].call, calls));
    }
  }
  for (const impl of impls) await impl.close();
  const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  const ratio = (i, j) => median(rates[i].map((rate, r) => rate / rates[j][r]));
  for (const [label, k] of [
    [otherDist, 2],
    ['this build', 3],
  ]) {
    console.log(
      `peer, ${label}: ${ratio(k, 1).toFixed(2)}x vscode-jsonrpc, ${ratio(k, 0).toFixed(2)} of the floor`,
    );
  }
  console.log(`this build over the other (throughput): ${ratio(3, 2).toFixed(3)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const against = process.argv.indexOf('--against');
  const only = process.argv.slice(2);
  if (against !== -1) await printAgainst(process.argv[against + 1] ?? '');
  else printPeerBench(await runPeerBench(only.length > 0 ? { only } : {}));
}
