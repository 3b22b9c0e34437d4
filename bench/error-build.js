// "Build an error from wire data and serialise it to a JSON-RPC error response string",
// with AgentError and with the official SDKs' error classes, against a bare object literal.
import { RequestError } from '@agentclientprotocol/sdk';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { ResponseError } from 'vscode-jsonrpc';
import { decodeAcpError, encodeAcpError } from '../dist/entries/acp.js';
import { nsPerOp, printTable } from './harness.js';

// What arrives: a typical error object from a peer.
const wire = {
  code: -32000,
  message: 'Authentication required',
  data: { authMethods: ['oauth', 'api_key'], sessionId: 'sess_01HZX' },
};

export function runErrorBuildBench() {
  const candidates = {
    'floor (object literal + JSON.stringify)': (id) =>
      JSON.stringify({
        jsonrpc: '2.0',
        id,
        error: { code: wire.code, message: wire.message, data: wire.data },
      }),
    // The real path: the ACP dialect builds the AgentError (no stack, wire kept) and encodes it
    // back for the wire (redacted, the received code and message relayed).
    'agent-errors AgentError': (id) =>
      JSON.stringify({ jsonrpc: '2.0', id, error: encodeAcpError(decodeAcpError(wire)) }),
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
  const rows = Object.entries(candidates).map(([name, fn]) => ({ name, value: nsPerOp(fn) }));
  printTable(
    'Build an error from wire data and serialise it to a JSON-RPC error response (lower is better)',
    rows,
    {
      unit: 'ns/op',
      ratioTo: 'floor (object literal + JSON.stringify)',
      ratioLabel: 'vs floor',
    },
  );
  const ours = rows.find((r) => r.name === 'agent-errors AgentError').value;
  const floor = rows[0].value;
  const acp = rows.find((r) => r.name.includes('RequestError')).value;
  console.log(
    `agent-errors: ${(ours / floor).toFixed(2)}x the floor (target <= 1.5x), ${(acp / ours).toFixed(2)}x faster than RequestError (target >= 4x)`,
  );
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) runErrorBuildBench();
