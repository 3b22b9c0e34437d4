// "Build an error from wire data and serialise it to a JSON-RPC error response string",
// with AgentError and with the official SDKs' error classes, against a bare object literal.
// `node bench/error-build.js --against <copy of dist>` times this build's core line against
// another build's in the same alternating rounds.
import { pathToFileURL } from 'node:url';
import { RequestError } from '@agentclientprotocol/sdk';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { ResponseError } from 'vscode-jsonrpc';
import { AgentError, decode, encode, redactString, toJsonSafe } from '../dist/index.js';
import { printTable, roundRobinNsPerOp } from './harness.js';

// What arrives: a typical error object from a peer.
const wire = {
  code: -32000,
  message: 'Authentication required',
  data: { authMethods: ['oauth', 'api_key'], sessionId: 'sess_01HZX' },
};

/**
 * The core line: an AgentError built from `wire`, its message and data redacted into a response.
 * `lib` is the package's root entry (this build's unless another is compared against it).
 */
export function coreLine(captureStack, lib = { AgentError, redactString, toJsonSafe }) {
  return (id) => {
    const error = new lib.AgentError(wire.message, {
      category: 'auth',
      code: 'AUTH_REQUIRED',
      captureStack,
      wire: { protocol: 'acp', code: wire.code, message: wire.message, data: wire.data },
    });
    return JSON.stringify({
      jsonrpc: '2.0',
      id,
      error: {
        code: wire.code,
        message: lib.redactString(error.message),
        data: lib.toJsonSafe(error.wire.data),
      },
    });
  };
}

/**
 * This package's candidates, built with `lib` (a build's root entry). A build is timed with all
 * of them, in the order the report runs them: the ACP dialect line walks other shapes through the
 * same serialiser, and the core line is timed as it runs after it.
 */
export function ourCandidates(lib = { AgentError, decode, encode, redactString, toJsonSafe }) {
  return {
    // The real path, through the front door: the ACP dialect builds the AgentError (no stack,
    // wire kept) and encodes it back for the wire (redacted, the received code and message relayed).
    'agent-errors AgentError (ACP dialect)': (id) =>
      JSON.stringify({
        jsonrpc: '2.0',
        id,
        error: lib.encode(lib.decode(wire, { protocol: 'acp' }), 'acp'),
      }),
    // The hub alone: an AgentError built from the wire data, its message and data redacted into
    // a response (every encoder redacts both). Without a stack, as every decoder builds one; the
    // SDK classes below record theirs (they have no way not to), which is most of their price.
    'agent-errors AgentError (core only)': coreLine(false, lib),
    // The same with a stack recorded, as RequestError records its own: no target, printed so
    // that the line above is read for what it is (RequestError's price is mostly its stack).
    'agent-errors AgentError (core only, stack recorded)': coreLine(true, lib),
  };
}

const floorLine = (id) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    error: { code: wire.code, message: wire.message, data: wire.data },
  });

export function runErrorBuildBench() {
  const candidates = {
    'floor (object literal + JSON.stringify)': floorLine,
    ...ourCandidates(),
    '@agentclientprotocol/sdk RequestError': (id) => {
      const error = new RequestError(wire.code, wire.message, wire.data);
      return JSON.stringify({ jsonrpc: '2.0', id, error: error.toErrorResponse() });
    },
    '@modelcontextprotocol/sdk McpError': (id) => {
      const error = new McpError(wire.code, wire.message, wire.data);
      return JSON.stringify({
        jsonrpc: '2.0',
        id,
        error: { code: error.code, message: error.message, data: error.data },
      });
    },
    'vscode-jsonrpc ResponseError': (id) => {
      const error = new ResponseError(wire.code, wire.message, wire.data);
      return JSON.stringify({ jsonrpc: '2.0', id, error: error.toJson() });
    },
  };
  // Every candidate writes the floor's bytes, so each line times the same response (McpError's
  // message carries the prefix its SDK puts on it and MCP sends).
  const floorBytes = candidates['floor (object literal + JSON.stringify)'](1);
  for (const [name, build] of Object.entries(candidates)) {
    const expected = name.includes('McpError')
      ? floorBytes.replace('"message":"', `"message":"MCP error ${wire.code}: `)
      : floorBytes;
    const written = build(1);
    if (written !== expected) {
      throw new Error(`bench/error-build.js: ${name} writes ${written}, not ${expected}`);
    }
  }
  // Round-robin timing (see roundRobinNsPerOp): every ratio compares rounds run side by side,
  // each timed by CPU time: single-threaded work whose wall time, on a shared host, is mostly
  // the neighbours'.
  const names = Object.keys(candidates);
  const timed = roundRobinNsPerOp(Object.values(candidates), {
    rounds: 9,
    roundMs: 150,
    clock: 'cpu',
  });
  const rows = names.map((name, k) => ({ name, value: timed.medians[k] }));
  printTable(
    'Build an error from wire data and serialise it to a JSON-RPC error response (lower is better)',
    rows,
    {
      unit: 'ns/op',
      ratioTo: 'floor (object literal + JSON.stringify)',
      ratioLabel: 'vs floor',
    },
  );
  const floor = names.indexOf('floor (object literal + JSON.stringify)');
  const acp = names.findIndex((name) => name.includes('RequestError'));
  for (const [label, name] of [
    ['core only', 'agent-errors AgentError (core only)'],
    ['ACP dialect', 'agent-errors AgentError (ACP dialect)'],
  ]) {
    const k = names.indexOf(name);
    console.log(
      `agent-errors (${label}): ${timed.ratio(k, floor).toFixed(2)}x the floor (target <= 1.5x), ${timed.ratio(acp, k).toFixed(2)}x faster than RequestError (target >= 4x) — medians of per-round ratios`,
    );
  }
  const stacked = names.indexOf('agent-errors AgentError (core only, stack recorded)');
  console.log(
    `agent-errors (core only, stack recorded as RequestError records one): ${timed.ratio(stacked, acp).toFixed(2)}x RequestError's time (no target)`,
  );
  return rows;
}

/**
 * This build's core line against another build's (`node bench/error-build.js --against
 * /tmp/base-dist`, a copy of `dist/` made before a change), both over the floor and RequestError,
 * in the same alternating rounds of one process: the before/after of a change without the drift
 * between separate runs.
 */
export async function printAgainst(otherDist) {
  const other = await import(pathToFileURL(`${otherDist}/index.js`).href);
  // The other build's lines come from a second instance of this module: closures of their own,
  // so that the two builds' lines do not share V8's type feedback (two AgentError classes).
  const twin = await import(new URL('./error-build.js?against', import.meta.url).href);
  const theirs = Object.values(twin.ourCandidates(other));
  const ours = Object.values(ourCandidates());
  const requestError = (id) => {
    const error = new RequestError(wire.code, wire.message, wire.data);
    return JSON.stringify({ jsonrpc: '2.0', id, error: error.toErrorResponse() });
  };
  const timed = roundRobinNsPerOp([floorLine, ...theirs, ...ours, requestError], {
    rounds: 21,
    roundMs: 100,
    clock: 'cpu',
  });
  // After the floor, each build's candidates in ourCandidates' order: the second is the core line.
  const [theirCore, ourCore, acp] = [2, 2 + theirs.length, 1 + theirs.length + ours.length];
  for (const [label, k] of [
    [otherDist, theirCore],
    ['this build', ourCore],
  ]) {
    console.log(
      `core line, ${label}: ${timed.ratio(k, 0).toFixed(2)}x the floor, ${timed.ratio(acp, k).toFixed(2)}x faster than RequestError`,
    );
  }
  console.log(
    `this build over the other (core line time): ${timed.ratio(ourCore, theirCore).toFixed(3)}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const against = process.argv.indexOf('--against');
  if (against === -1) runErrorBuildBench();
  else await printAgainst(process.argv[against + 1] ?? '');
}
