#!/usr/bin/env node
/* global fetch, AbortController, AbortSignal, TextDecoder, TextEncoder, TransformStream, setTimeout, clearTimeout */
// Captures the error corpus for `decode` (issue 5) from the real SDKs, in process.
//
//   node scripts/capture-fixtures.mjs        writes test/fixtures/corpus.json
//
// Every peer runs in this process: MCP over InMemoryTransport, ACP over ndJsonStream on
// TransformStreams, vscode-jsonrpc over PassThrough streams, the A2A JSON-RPC transport handlers
// called directly, HTTP from a node:http server on 127.0.0.1 read with fetch. What crosses the wire
// is recorded by a spy on the real transport (never a mock of an SDK), and what the SDK hands the
// caller is recorded as `{ name, message, code, data }`. Values that change between runs (UUIDs,
// ports, temp paths) are replaced with placeholders, so re-running gives the same
// file. See test/fixtures/README.md for the conventions of `expected`.
import { mkdtemp, readFile, rm, writeFile, mkdir, chmod, link } from 'node:fs/promises';
import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';
import { connect as netConnect, createServer as netCreateServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';

import * as acp from '@agentclientprotocol/sdk';
import {
  ContentTypeNotSupportedError,
  ExtendedAgentCardNotConfiguredError,
  ExtensionSupportRequiredError,
  InvalidAgentResponseError,
  PushNotificationNotSupportedError,
  RequestMalformedError,
  TaskNotCancelableError,
  TaskNotFoundError,
  UnsupportedOperationError,
  VersionNotSupportedError,
  fromJsonRpcErrorResponse,
  fromRestErrorBody,
  toJsonRpcError,
  toRestErrorBody,
} from '@a2a-js/sdk/errors';
import {
  DefaultRequestHandler,
  InMemoryTaskStore,
  JsonRpcTransportHandler,
  ServerCallContext,
} from '@a2a-js/sdk/server';
import { LegacyJsonRpcTransportHandler } from '@a2a-js/sdk/compat/v0_3/server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  UrlElicitationRequiredError,
} from '@modelcontextprotocol/sdk/types.js';
import * as v from 'valibot';
import {
  CancellationTokenSource,
  ResponseError,
  StreamMessageReader,
  StreamMessageWriter,
  createMessageConnection,
} from 'vscode-jsonrpc/node';
import { z } from 'zod';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outFile = join(root, 'test', 'fixtures', 'corpus.json');

// Every wait in this script is bounded; this is the backstop.
const watchdog = setTimeout(() => {
  console.error('capture-fixtures: gave up after 55 s');
  process.exit(1);
}, 55_000);
watchdog.unref();

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Rejects after `ms` so no await in here can hang. */
function bounded(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`capture-fixtures: ${what} took over ${ms} ms`)),
        ms,
      );
    }),
  ]).finally(() => clearTimeout(timer));
}

// ---------------------------------------------------------------------------------------------
// Corpus building
// ---------------------------------------------------------------------------------------------

const entries = [];

/**
 * @param {string} id
 * @param {{ source: string, protocol?: string, description: string, input: unknown,
 *   expected: Record<string, unknown>, note?: string }} entry
 */
function add(id, entry) {
  const { source, protocol, description, input, expected, note } = entry;
  if (input === undefined) throw new Error(`capture-fixtures: ${id} captured nothing`);
  entries.push({
    id,
    source,
    ...(protocol ? { protocol } : {}),
    description,
    input: JSON.parse(JSON.stringify(input)),
    expected,
    ...(note ? { note } : {}),
  });
}

/** `expected` helper: category and retryability, then optional retryAfterMs / code. */
function exp(category, retryable, extra = {}) {
  return { category, retryable, ...extra };
}

/** What an SDK hands the caller, as data. */
function errorFields(e, extraKeys = []) {
  if (!(e instanceof Error)) return { thrown: e };
  const out = { name: e.name, message: e.message };
  for (const key of ['code', 'data', ...extraKeys]) {
    if (e[key] !== undefined) out[key] = e[key];
  }
  return out;
}

/** Runs `fn`, which must reject, and returns the rejection. */
async function rejection(fn, ms = 3000, what = 'call') {
  try {
    const value = await bounded(Promise.resolve().then(fn), ms, what);
    return { resolved: value };
  } catch (e) {
    if (e instanceof Error && e.message.startsWith('capture-fixtures:')) throw e;
    return { error: e };
  }
}

// Placeholders for values that change from run to run.
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
let tempDir = '';
const ports = new Map();
function normaliseString(s) {
  let out = s.replace(UUID, '<uuid>');
  if (tempDir) out = out.split(tempDir).join('<tmp>');
  for (const [port, name] of ports) {
    out = out.split(`127.0.0.1:${port}`).join(`127.0.0.1:<${name}>`);
  }
  return out;
}
function normalise(value, key) {
  if (typeof value === 'string') return normaliseString(value);
  if (typeof value === 'number' && key === 'port' && ports.has(value))
    return `<${ports.get(value)}>`;
  if (Array.isArray(value)) return value.map((x) => normalise(x));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, x]) => [k, normalise(x, k)]));
  }
  return value;
}

// ---------------------------------------------------------------------------------------------
// MCP: @modelcontextprotocol/sdk over InMemoryTransport
// ---------------------------------------------------------------------------------------------

/** Spies on a real transport's `send`, keeping a JSON copy of every message. */
function spySend(transport) {
  const sent = [];
  const original = transport.send.bind(transport);
  transport.send = (message, options) => {
    sent.push(JSON.parse(JSON.stringify(message)));
    return original(message, options);
  };
  return sent;
}
const lastResponse = (sent) =>
  [...sent].reverse().find((m) => 'id' in m && ('error' in m || 'result' in m));

async function mcpLowLevelPeer(handlers) {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const server = new Server(
    { name: 'fixture-server', version: '1.0.0' },
    { capabilities: { tools: {}, resources: {} } },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [] }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const handler = handlers[request.params.name];
    if (!handler)
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool ${request.params.name}`);
    return handler(request);
  });
  server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    // MCP spec: an unknown resource is -32002 "Resource not found" with the uri in data.
    throw new McpError(-32002, 'Resource not found', { uri: request.params.uri });
  });
  const sent = spySend(serverTransport);
  await server.connect(serverTransport);
  const client = new Client({ name: 'fixture-client', version: '1.0.0' });
  await client.connect(clientTransport);
  return { client, server, sent, serverTransport };
}

async function captureMcp() {
  const source = 'mcp-sdk';
  const protocol = 'mcp';
  const thrown = [
    [
      'connection-closed',
      ErrorCode.ConnectionClosed,
      'Upstream connection closed',
      undefined,
      exp('unavailable', true),
    ],
    [
      'request-timeout',
      ErrorCode.RequestTimeout,
      'Upstream request timed out',
      { timeout: 30000 },
      exp('timeout', true),
    ],
    ['parse-error', ErrorCode.ParseError, 'Parse error', undefined, exp('protocol', false)],
    [
      'invalid-request',
      ErrorCode.InvalidRequest,
      'Invalid request',
      undefined,
      exp('protocol', false),
    ],
    [
      'method-not-found',
      ErrorCode.MethodNotFound,
      'Method not found',
      { method: 'tools/frobnicate' },
      exp('protocol', false),
    ],
    ['invalid-params', ErrorCode.InvalidParams, 'bad', { field: 'path' }, exp('validation', false)],
    [
      'internal-error',
      ErrorCode.InternalError,
      'Database exploded',
      undefined,
      exp('internal', false),
    ],
    [
      'resource-not-found',
      -32002,
      'Resource not found',
      { uri: 'file:///missing.txt' },
      exp('not_found', false),
    ],
  ];
  const handlers = {};
  for (const [name, code, message, data] of thrown) {
    handlers[name] = () => {
      throw new McpError(code, message, data);
    };
  }
  handlers['url-elicitation-required'] = () => {
    throw new UrlElicitationRequiredError([
      {
        mode: 'url',
        elicitationId: 'elicit-1',
        url: 'https://auth.example.com/connect?state=abc',
        message: 'Authorise access to your calendar',
      },
    ]);
  };
  handlers['plain-error'] = () => {
    throw new Error('Something broke inside the handler');
  };
  handlers['plain-error-with-string-code'] = () => {
    throw Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT' });
  };
  handlers['error-with-numeric-code'] = () => {
    throw Object.assign(new Error('Too many requests, slow down'), { code: 429 });
  };

  const peer = await mcpLowLevelPeer(handlers);
  const all = [
    ...thrown,
    ['url-elicitation-required', -32042, '', undefined, exp('auth', false)],
    ['plain-error', -32603, '', undefined, exp('internal', false)],
    ['plain-error-with-string-code', -32603, '', undefined, exp('internal', false)],
  ];
  for (const [name, , , , expected] of all) {
    peer.sent.length = 0;
    const { error } = await rejection(() => peer.client.callTool({ name, arguments: {} }));
    const wire = lastResponse(peer.sent);
    add(`mcp/wire/server-throws-${name}`, {
      source,
      protocol,
      description: `low-level MCP Server request handler throws (${name}); the JSON-RPC response on the wire`,
      input: wire,
      expected,
      ...(name === 'plain-error-with-string-code'
        ? {
            note: 'The SDK keeps error.code only when it is a safe integer; a string code becomes -32603.',
          }
        : {}),
    });
    add(`mcp/client/server-throws-${name}`, {
      source,
      protocol,
      description: `what Client.callTool rejects with when the server throws (${name})`,
      input: errorFields(error),
      expected,
    });
  }
  {
    peer.sent.length = 0;
    const { error } = await rejection(() =>
      peer.client.callTool({ name: 'error-with-numeric-code', arguments: {} }),
    );
    add('mcp/wire/server-throws-error-with-numeric-code-429', {
      source,
      protocol,
      description: 'a thrown Error whose own `code` is 429 goes on the wire as JSON-RPC code 429',
      input: lastResponse(peer.sent),
      expected: exp('rate_limit', true),
      note: 'Not a JSON-RPC code: the SDK copies any safe-integer `code`. 429 read as the HTTP status it came from; a decoder may also fall back to internal, but rate_limit is what the sender meant.',
    });
    add('mcp/client/server-throws-error-with-numeric-code-429', {
      source,
      protocol,
      description: 'McpError the client gets for the numeric-code-429 Error',
      input: errorFields(error),
      expected: exp('rate_limit', true),
      note: 'See mcp/wire/server-throws-error-with-numeric-code-429.',
    });
  }
  {
    peer.sent.length = 0;
    const { error } = await rejection(() =>
      peer.client.readResource({ uri: 'file:///missing.txt' }),
    );
    add('mcp/wire/resource-not-found-32002', {
      source,
      protocol,
      description: 'resources/read of an unknown uri answered with the spec code -32002',
      input: lastResponse(peer.sent),
      expected: exp('not_found', false),
    });
    add('mcp/client/resource-not-found-32002', {
      source,
      protocol,
      description: 'McpError the client gets for -32002',
      input: errorFields(error),
      expected: exp('not_found', false),
    });
  }
  {
    peer.sent.length = 0;
    const { error } = await rejection(() =>
      peer.client.request({ method: 'tools/frobnicate', params: {} }, z.object({})),
    );
    add('mcp/wire/unknown-method', {
      source,
      protocol,
      description: 'request for a method the server has no handler for',
      input: lastResponse(peer.sent),
      expected: exp('protocol', false),
      note: 'The SDK answers "Method not found" without naming the method.',
    });
    add('mcp/client/unknown-method', {
      source,
      protocol,
      description: 'McpError the client gets for an unknown method',
      input: errorFields(error),
      expected: exp('protocol', false),
    });
  }
  await peer.client.close();

  // High-level McpServer: tool failures become isError CallToolResults.
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const mcp = new McpServer({ name: 'fixture-mcp-server', version: '1.0.0' });
  const toolErrorText = (h, json) => `${h}\n\n\`\`\`json\n${JSON.stringify(json)}\n\`\`\``;
  const mcpErrorTools = [
    [
      'mcperror-invalid-params',
      ErrorCode.InvalidParams,
      'Channel name cannot be empty',
      exp('validation', false),
    ],
    [
      'mcperror-internal',
      ErrorCode.InternalError,
      'Unexpected response format from API',
      exp('internal', false),
    ],
    [
      'mcperror-request-timeout',
      ErrorCode.RequestTimeout,
      'Dashboard took too long to load',
      exp('timeout', true),
    ],
    [
      'mcperror-connection-closed',
      ErrorCode.ConnectionClosed,
      'Browser extension disconnected',
      exp('unavailable', true),
    ],
    [
      'mcperror-method-not-found',
      ErrorCode.MethodNotFound,
      'Method not found',
      exp('protocol', false),
    ],
    [
      'mcperror-resource-not-found',
      -32002,
      'Resource not found: slack://channel/general',
      exp('not_found', false),
    ],
  ];
  for (const [name, code, message] of mcpErrorTools) {
    mcp.registerTool(name, { description: name }, () => {
      throw new McpError(code, message);
    });
  }
  const plainTools = [
    ['throws-plain-error', 'Something unexpected happened', exp('internal', false)],
    ['throws-string', 'a thrown string', exp('internal', false)],
  ];
  mcp.registerTool('throws-plain-error', { description: 'x' }, () => {
    throw new Error('Something unexpected happened');
  });
  mcp.registerTool('throws-string', { description: 'x' }, () => {
    throw 'a thrown string';
  });
  const toolErrorResults = [
    [
      'tool-error-rate-limited',
      { code: 'RATE_LIMITED', category: 'rate_limit', retryable: true, retryAfterMs: 2000 },
      'Too many requests',
      exp('rate_limit', true, { retryAfterMs: 2000, code: 'RATE_LIMITED' }),
    ],
    [
      'tool-error-auth',
      { code: 'AUTH_ERROR', category: 'auth', retryable: false },
      'Not logged in — open the app and sign in first',
      exp('auth', false, { code: 'AUTH_ERROR' }),
    ],
    [
      'tool-error-not-found',
      { code: 'USER_NOT_FOUND', category: 'not_found', retryable: false },
      'User "U123" not found',
      exp('not_found', false, { code: 'USER_NOT_FOUND' }),
    ],
    [
      'tool-error-validation',
      { code: 'VALIDATION_ERROR', category: 'validation', retryable: false },
      'Channel name cannot be empty',
      exp('validation', false, { code: 'VALIDATION_ERROR' }),
    ],
    [
      'tool-error-timeout',
      { code: 'TIMEOUT', category: 'timeout', retryable: true },
      'Dashboard took too long to load',
      exp('timeout', true, { code: 'TIMEOUT' }),
    ],
    [
      'tool-error-internal',
      { code: 'INTERNAL_ERROR', category: 'internal', retryable: false },
      'Unexpected response format from API',
      exp('internal', false, { code: 'INTERNAL_ERROR' }),
    ],
  ];
  for (const [name, meta, message] of toolErrorResults) {
    const header = `[ERROR code=${meta.code} category=${meta.category} retryable=${meta.retryable}${meta.retryAfterMs !== undefined ? ` retryAfterMs=${meta.retryAfterMs}` : ''}] ${message}`;
    mcp.registerTool(name, { description: name }, () => ({
      content: [{ type: 'text', text: toolErrorText(header, meta) }],
      isError: true,
    }));
  }
  mcp.registerTool('structured-error', { description: 'x' }, () => ({
    content: [{ type: 'text', text: 'Rate limited by Slack API' }],
    structuredContent: {
      code: 'RATE_LIMITED',
      category: 'rate_limit',
      retryable: true,
      retryAfterMs: 1500,
    },
    isError: true,
  }));
  mcp.registerTool('text-only-error', { description: 'x' }, () => ({
    content: [{ type: 'text', text: 'Failed to export report' }],
    isError: true,
  }));
  mcp.registerTool(
    'add',
    { description: 'x', inputSchema: { a: z.number(), b: z.number() } },
    ({ a, b }) => ({
      content: [{ type: 'text', text: String(a + b) }],
    }),
  );
  mcp.registerTool('slow', { description: 'x' }, async (extra) => {
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, 1000);
      extra.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    return { content: [{ type: 'text', text: 'late' }] };
  });
  mcp.registerResource('readme', 'file:///readme.txt', {}, () => ({
    contents: [{ uri: 'file:///readme.txt', text: 'hi' }],
  }));
  mcp.registerPrompt('greet', { description: 'x' }, () => ({ messages: [] }));
  const sent = spySend(serverTransport);
  await mcp.connect(serverTransport);
  const client = new Client({ name: 'fixture-client', version: '1.0.0' });
  await client.connect(clientTransport);

  const callAndRecord = async (id, name, args, description, expected, note) => {
    sent.length = 0;
    const { resolved, error } = await rejection(() => client.callTool({ name, arguments: args }));
    if (error) throw error;
    add(`mcp/wire/${id}`, {
      source,
      protocol,
      description: `${description}; the JSON-RPC response on the wire`,
      input: lastResponse(sent),
      expected,
      ...(note ? { note } : {}),
    });
    add(`mcp/result/${id}`, {
      source,
      protocol,
      description: `${description}; the CallToolResult the client gets`,
      input: resolved,
      expected,
      ...(note ? { note } : {}),
    });
  };
  for (const [name, , , expected] of mcpErrorTools) {
    await callAndRecord(
      `mcpserver-tool-throws-${name}`,
      name,
      {},
      `McpServer tool throws an McpError (${name}); McpServer turns it into an isError result whose text is "MCP error <code>: <message>"`,
      expected,
    );
  }
  for (const [name, , expected] of plainTools) {
    await callAndRecord(
      `mcpserver-tool-${name}`,
      name,
      {},
      `McpServer tool ${name}; the text is the bare message`,
      expected,
      'No structure and no known prefix: falls back to internal, not retryable.',
    );
  }
  for (const [name, , , expected] of toolErrorResults) {
    await callAndRecord(
      `mcpserver-${name}`,
      name,
      {},
      `McpServer tool returns isError with opentabs ToolError text (${name})`,
      expected,
    );
  }
  await callAndRecord(
    'mcpserver-structured-error',
    'structured-error',
    {},
    'isError result with structuredContent carrying code/category/retryable/retryAfterMs',
    exp('rate_limit', true, { retryAfterMs: 1500, code: 'RATE_LIMITED' }),
  );
  await callAndRecord(
    'mcpserver-text-only-error',
    'text-only-error',
    {},
    'isError result with only free text',
    exp('internal', false),
    'No structure and no known prefix: falls back to internal, not retryable.',
  );
  await callAndRecord(
    'mcpserver-unknown-tool',
    'no-such-tool',
    {},
    'call to an unknown tool: McpServer answers with an isError result "MCP error -32602: Tool no-such-tool not found"',
    exp('validation', false),
    'The SDK uses -32602 (invalid params) for an unknown tool; the table maps -32602 to validation. Semantically not_found.',
  );
  await callAndRecord(
    'mcpserver-invalid-arguments-zod',
    'add',
    { a: 'one', b: 2 },
    'zod inputSchema failure: McpServer answers with an isError result "MCP error -32602: Input validation error: …"',
    exp('validation', false),
  );
  await callAndRecord(
    'mcpserver-missing-arguments-zod',
    'add',
    {},
    'zod inputSchema failure with missing fields',
    exp('validation', false),
  );

  const recordRejection = async (id, fn, description, expected, note) => {
    sent.length = 0;
    const { error, resolved } = await rejection(fn);
    if (!error) throw new Error(`capture-fixtures: ${id} resolved ${JSON.stringify(resolved)}`);
    const wire = lastResponse(sent);
    if (wire && 'error' in wire) {
      add(`mcp/wire/${id}`, {
        source,
        protocol,
        description: `${description}; the JSON-RPC response on the wire`,
        input: wire,
        expected,
        ...(note ? { note } : {}),
      });
    }
    add(`mcp/client/${id}`, {
      source,
      protocol,
      description: `${description}; what the client rejects with`,
      input: errorFields(error),
      expected,
      ...(note ? { note } : {}),
    });
  };
  await recordRejection(
    'mcpserver-resource-unknown',
    () => client.readResource({ uri: 'file:///missing.txt' }),
    'McpServer resources/read of an unknown uri',
    exp('validation', false),
    'McpServer answers -32602 "Resource … not found" where the MCP spec says -32002; the table maps -32602 to validation.',
  );
  await recordRejection(
    'mcpserver-prompt-unknown',
    () => client.getPrompt({ name: 'missing' }),
    'McpServer prompts/get of an unknown prompt',
    exp('validation', false),
    'McpServer answers -32602 "Prompt missing not found"; the table maps -32602 to validation.',
  );
  await recordRejection(
    'request-timeout',
    () => client.callTool({ name: 'slow', arguments: {} }, undefined, { timeout: 50 }),
    'client-side request timeout (RequestOptions.timeout = 50 ms)',
    exp('timeout', true),
  );
  await recordRejection(
    'abort-signal-cancel',
    () => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 20);
      return client.callTool({ name: 'slow', arguments: {} }, undefined, {
        signal: controller.signal,
      });
    },
    "user cancels with AbortSignal (no reason): the SDK rejects with RequestTimeout -32001 'AbortError: This operation was aborted'",
    exp('cancelled', false),
    'The SDK reports a cancel as -32001 RequestTimeout. A real timeout always has data.timeout and the message "Request timed out"; this has neither and names AbortError, so it is a cancel: do not retry.',
  );
  await recordRejection(
    'abort-signal-cancel-with-reason',
    () => {
      const controller = new AbortController();
      setTimeout(() => controller.abort('user pressed stop'), 20);
      return client.callTool({ name: 'slow', arguments: {} }, undefined, {
        signal: controller.signal,
      });
    },
    'user cancels with AbortSignal and a string reason: RequestTimeout -32001 whose message is the reason',
    exp('cancelled', false),
    'As abort-signal-cancel: -32001 without data.timeout and without "Request timed out" is the SDK reporting a cancel.',
  );
  await recordRejection(
    'connection-closed-mid-request',
    () => {
      setTimeout(() => void serverTransport.close(), 20);
      return client.callTool({ name: 'slow', arguments: {} });
    },
    'server transport closes while a request is pending',
    exp('unavailable', true),
  );
  await recordRejection(
    'not-connected',
    () => client.callTool({ name: 'slow', arguments: {} }),
    'request after the transport closed: a plain Error("Not connected")',
    exp('unavailable', true),
    'A plain Error, no code. Table silent; the peer/transport is down, so unavailable (retry after reconnecting).',
  );
}

// ---------------------------------------------------------------------------------------------
// ACP: @agentclientprotocol/sdk agent() / client() over ndJsonStream
// ---------------------------------------------------------------------------------------------

/** Tees what is written to `writable` into `log` (decoded text), then forwards it. */
function tapWritable(writable, log) {
  const decoder = new TextDecoder();
  const tee = new TransformStream({
    transform(chunk, controller) {
      log.push(decoder.decode(chunk));
      controller.enqueue(chunk);
    },
  });
  tee.readable.pipeTo(writable).catch(() => {});
  return tee.writable;
}
const parseNdJson = (chunks) =>
  chunks
    .join('')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));

async function captureAcp() {
  const source = 'acp-sdk';
  const protocol = 'acp';
  const RE = acp.RequestError;
  const factories = [
    ['parse-error', () => RE.parseError({ line: 3 }), exp('protocol', false)],
    [
      'invalid-request',
      () => RE.invalidRequest(undefined, 'Missing required field: method'),
      exp('protocol', false),
    ],
    ['method-not-found', () => RE.methodNotFound('terminal/create'), exp('protocol', false)],
    [
      'invalid-params',
      () => RE.invalidParams({ missing: 'mcpServers' }, 'mcpServers parameter is required'),
      exp('validation', false),
    ],
    [
      'internal-error',
      () => RE.internalError({ detail: 'worker crashed' }),
      exp('internal', false),
    ],
    [
      'auth-required',
      () => RE.authRequired({ authMethods: ['oauth', 'api_key'] }),
      exp('auth', false),
    ],
    [
      'auth-required-with-message',
      () => RE.authRequired(undefined, 'token expired'),
      exp('auth', false),
    ],
    [
      'resource-not-found',
      () => RE.resourceNotFound('file:///path/to/file.txt'),
      exp('not_found', false),
    ],
    ['resource-not-found-no-uri', () => RE.resourceNotFound(), exp('not_found', false)],
    ['session-not-found', () => RE.sessionNotFound('sess-42'), exp('not_found', false)],
    ['request-cancelled', () => RE.requestCancelled({ requestId: 7 }), exp('cancelled', false)],
    [
      'unsupported-protocol-version',
      () => RE.unsupportedProtocolVersion(3, [1, 2]),
      exp('protocol', false),
    ],
    [
      'custom-code',
      () => new RE(-32050, 'Custom error', { detail: 'explanation' }),
      exp('internal', false),
    ],
  ];
  const handlersByMethod = {};
  let app = acp.agent({ name: 'fixture-agent' }).onRequest('initialize', (ctx) => {
    if (ctx.params.protocolVersion === 99) throw RE.unsupportedProtocolVersion(99, [1]);
    return { protocolVersion: 1, agentCapabilities: {} };
  });
  for (const [name, make] of factories) {
    handlersByMethod[`fixture/${name}`] = make;
    app = app.onRequest(
      `fixture/${name}`,
      (p) => p,
      () => {
        throw make();
      },
    );
  }
  app = app
    .onRequest(
      'fixture/plain-error',
      (p) => p,
      () => {
        throw new Error('disk exploded reading /home/alice/.config/agent/credentials.json');
      },
    )
    .onRequest(
      'fixture/json-message-error',
      (p) => p,
      () => {
        throw new Error('{"reason":"quota","limit":100}');
      },
    )
    .onRequest(
      'fixture/thrown-string',
      (p) => p,
      () => {
        throw 'not an Error';
      },
    )
    .onRequest(
      'fixture/zod-in-handler',
      (p) => p,
      (ctx) => {
        z.object({ sessionId: z.string(), limit: z.number().int().positive() }).parse(ctx.params);
        return {};
      },
    )
    .onRequest('fixture/typed', z.object({ sessionId: z.string() }), () => ({}))
    .onRequest('session/new', () => ({ sessionId: 'sess-1' }))
    .onRequest('session/prompt', async (ctx) => {
      await new Promise((resolve, reject) => {
        const timer = setTimeout(resolve, 1000);
        ctx.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(ctx.signal.reason);
        });
      });
      return { stopReason: 'end_turn' };
    });

  const toClient = new TransformStream();
  const toAgent = new TransformStream();
  const agentWire = [];
  const clientWire = [];
  const connection = app.connect(
    acp.ndJsonStream(tapWritable(toClient.writable, agentWire), toAgent.readable),
  );
  const responseFor = (id) => parseNdJson(agentWire).find((m) => m.id === id && 'error' in m);
  let nextId = 0;
  const results = [];
  await bounded(
    acp
      .client({ name: 'fixture-client' })
      .connectWith(
        acp.ndJsonStream(tapWritable(toAgent.writable, clientWire), toClient.readable),
        async (ctx) => {
          const call = async (method, params, options) => {
            const id = nextId++;
            const { error } = await rejection(() => ctx.request(method, params, options));
            results.push({ id, method, error });
            return { id, error };
          };
          await call('initialize', { protocolVersion: 99 });
          await call('initialize', { protocolVersion: 'one' });
          await call('session/new', { cwd: '/w', mcpServers: [] });
          await call('initialize', { protocolVersion: 1 });
          for (const [name] of factories) await call(`fixture/${name}`, {});
          await call('fixture/plain-error', {});
          await call('fixture/json-message-error', {});
          await call('fixture/thrown-string', {});
          await call('fixture/zod-in-handler', { sessionId: 1 });
          await call('fixture/typed', { sessionId: 42 });
          await call('session/new', { cwd: 5 });
          await call('session/prompt', { sessionId: 'sess-1' });
          await call('no/such-method', {});
          const controller = new AbortController();
          setTimeout(() => controller.abort(), 20);
          await call(
            'session/prompt',
            { sessionId: 'sess-1', prompt: [] },
            { cancellationSignal: controller.signal },
          );
          const controller2 = new AbortController();
          setTimeout(() => controller2.abort(), 20);
          await call(
            'session/prompt',
            { sessionId: 'sess-1', prompt: [] },
            { cancellationSignal: controller2.signal, stopWaitingOnCancel: true },
          );
          await sleep(50);
        },
      ),
    10_000,
    'ACP client',
  );

  const byMethod = new Map();
  for (const r of results) {
    const list = byMethod.get(r.method) ?? [];
    list.push(r);
    byMethod.set(r.method, list);
  }
  const record = (slug, r, description, expected, note) => {
    if (!r.error) throw new Error(`capture-fixtures: ACP ${slug} did not fail`);
    const wire = responseFor(r.id);
    if (wire) {
      add(`acp/wire/${slug}`, {
        source,
        protocol,
        description: `${description}; the JSON-RPC response the agent wrote`,
        input: wire,
        expected,
        ...(note ? { note } : {}),
      });
    }
    add(`acp/client/${slug}`, {
      source,
      protocol,
      description: `${description}; what ctx.request rejects with on the client`,
      input: errorFields(r.error),
      expected,
      ...(note ? { note } : {}),
    });
  };
  const [unsupported, zodInit] = byMethod.get('initialize');
  record(
    'initialize-unsupported-protocol-version',
    unsupported,
    'initialize handler throws RequestError.unsupportedProtocolVersion',
    exp('protocol', false),
  );
  record(
    'initialize-invalid-params-zod',
    zodInit,
    'initialize with a string protocolVersion: the SDK’s own zod schema rejects it',
    exp('validation', false),
  );
  record(
    'session-new-before-initialize',
    byMethod.get('session/new')[0],
    'session/new before a successful initialize',
    exp('protocol', false),
    'The SDK answers -32600 "Invalid request: ACP connection must be initialized before \'session/new\'".',
  );
  for (const [name, , expected] of factories) {
    record(
      `handler-throws-${name}`,
      byMethod.get(`fixture/${name}`)[0],
      `agent handler throws RequestError (${name})`,
      expected,
      name === 'custom-code'
        ? 'Code -32050 is in the implementation-defined server range and not in the table: internal, not retryable.'
        : undefined,
    );
  }
  record(
    'handler-throws-plain-error',
    byMethod.get('fixture/plain-error')[0],
    'agent handler throws a plain Error: the SDK sends -32603 with the message in data.details',
    exp('internal', false),
  );
  record(
    'handler-throws-error-with-json-message',
    byMethod.get('fixture/json-message-error')[0],
    'agent handler throws an Error whose message is JSON: the SDK JSON.parses the message into data',
    exp('internal', false),
  );
  record(
    'handler-throws-string',
    byMethod.get('fixture/thrown-string')[0],
    'agent handler throws a string',
    exp('internal', false),
  );
  record(
    'handler-zod-parse-throws',
    byMethod.get('fixture/zod-in-handler')[0],
    'agent handler calls zod parse, which throws a ZodError: the SDK turns it into invalidParams(error.format())',
    exp('validation', false),
  );
  record(
    'custom-method-params-parser-rejects',
    byMethod.get('fixture/typed')[0],
    'custom method registered with a zod params parser gets bad params',
    exp('validation', false),
  );
  record(
    'session-new-invalid-params',
    byMethod.get('session/new')[1],
    'session/new with cwd: 5 and no mcpServers',
    exp('validation', false),
  );
  record(
    'session-prompt-invalid-params',
    byMethod.get('session/prompt')[0],
    'session/prompt without prompt',
    exp('validation', false),
  );
  record(
    'unknown-method',
    byMethod.get('no/such-method')[0],
    'request for a method the agent does not handle',
    exp('protocol', false),
    'ACP formats the message as "\\"Method not found\\": <method>" (quotes inside the message) with data.method.',
  );
  const prompts = byMethod.get('session/prompt');
  record(
    'cancel-request',
    prompts[1],
    'client aborts cancellationSignal: the SDK sends $/cancel_request and the agent answers -32800',
    exp('cancelled', false),
  );
  record(
    'cancel-request-stop-waiting',
    prompts[2],
    'client aborts with stopWaitingOnCancel: the client rejects at once with a local -32800 RequestError',
    exp('cancelled', false),
  );

  // A pending request when the connection closes. Closing the *agent* side does not settle the
  // client's pending request (observed: it waits until its own timeout), so the client side closes.
  const toClient2 = new TransformStream();
  const toAgent2 = new TransformStream();
  const slowAgent = acp
    .agent({ name: 'fixture-agent-2' })
    .onRequest('initialize', () => ({ protocolVersion: 1, agentCapabilities: {} }))
    .onRequest(
      'fixture/slow',
      (p) => p,
      () => sleep(1000),
    );
  const agentConnection = slowAgent.connect(
    acp.ndJsonStream(toClient2.writable, toAgent2.readable),
  );
  const clientConnection = acp
    .client({ name: 'fixture-client-2' })
    .connect(acp.ndJsonStream(toAgent2.writable, toClient2.readable));
  await bounded(
    clientConnection.agent.request('initialize', { protocolVersion: 1 }),
    3000,
    'ACP initialize',
  );
  const { error: closedError } = await rejection(() => {
    setTimeout(() => clientConnection.close(), 20);
    return clientConnection.agent.request('fixture/slow', {});
  });
  agentConnection.close();
  add('acp/client/connection-closed-mid-request', {
    source,
    protocol,
    description:
      'the client connection closes while a request is pending: a plain Error "ACP connection closed"',
    input: errorFields(closedError),
    expected: exp('unavailable', true),
    note: 'Not in the table; a plain Error with no code. The connection is gone, so unavailable (retry after reconnecting), as MCP "Connection closed".',
  });
  connection.close();

  // toResult()/toErrorResponse() of every factory, as the real class produces them.
  for (const [name, make, expected] of factories) {
    const error = make();
    add(`acp/to-result/${name}`, {
      source,
      protocol,
      description: `RequestError (${name}).toResult()`,
      input: error.toResult(),
      expected,
    });
    add(`acp/to-error-response/${name}`, {
      source,
      protocol,
      description: `RequestError (${name}).toErrorResponse()`,
      input: error.toErrorResponse(),
      expected,
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Raw frames: what the peers answer to malformed input, batches and invalid envelopes
// ---------------------------------------------------------------------------------------------

async function captureRawFrames() {
  const source = 'acp-sdk';
  const protocol = 'acp';
  const toClient = new TransformStream();
  const toAgent = new TransformStream();
  const connection = acp
    .agent({ name: 'fixture-agent-raw' })
    .onRequest('initialize', () => ({ protocolVersion: 1, agentCapabilities: {} }))
    .connect(acp.ndJsonStream(toClient.writable, toAgent.readable));
  const writer = toAgent.writable.getWriter();
  const reader = toClient.readable.getReader();
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let buffered = '';
  const nextLine = async () => {
    while (!buffered.includes('\n')) {
      const { value, done } = await bounded(reader.read(), 3000, 'ACP raw read');
      if (done) throw new Error('capture-fixtures: ACP raw stream ended');
      buffered += decoder.decode(value);
    }
    const index = buffered.indexOf('\n');
    const line = buffered.slice(0, index);
    buffered = buffered.slice(index + 1);
    return line;
  };
  const frames = [
    [
      'malformed-json',
      '{"jsonrpc":"2.0","id":1,"method":',
      'malformed JSON line: -32700 "Parse error" with id null',
      exp('protocol', false),
    ],
    [
      'batch',
      '[{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}]',
      'a JSON-RPC batch: the SDK refuses batches with -32600',
      exp('protocol', false),
    ],
    [
      'invalid-envelope-echoes-credentials',
      '{"jsonrpc":"2.0","id":2,"method":5,"params":{"mcpServers":[{"env":{"API_KEY":"sk-live-0000000000000000"}}]}}',
      'an invalid envelope (method is a number): the SDK echoes the whole inbound message, credentials included, in error.data',
      exp('protocol', false),
    ],
    [
      'invalid-envelope-wrong-version',
      '{"jsonrpc":"1.0","id":3,"method":"initialize"}',
      'an envelope with jsonrpc "1.0": -32600 echoing the message',
      exp('protocol', false),
    ],
    [
      'invalid-envelope-string',
      '"hello"',
      'a JSON string instead of an object: -32600 with data "hello"',
      exp('protocol', false),
    ],
  ];
  const answers = [];
  for (const [slug, line, description, expected] of frames) {
    await writer.write(encoder.encode(`${line}\n`));
    const answer = await nextLine();
    answers.push(JSON.parse(answer));
    add(`acp/raw/${slug}`, {
      source,
      protocol,
      description: `${description} (the agent's answer line, as JSON)`,
      input: JSON.parse(answer),
      expected,
    });
    add(`acp/raw-text/${slug}`, {
      source,
      description: `${description} (the agent's answer line as text, no hint: decode parses JSON text first)`,
      input: answer,
      expected,
    });
  }
  add('acp/raw/batch-of-error-responses', {
    source,
    protocol,
    description:
      'a batch (array) of two error responses the agent wrote: parse error and batch refused',
    input: [answers[0], answers[1]],
    expected: exp('protocol', false),
    note: 'Both elements are protocol errors, so the expectation holds whichever element decode reports.',
  });
  connection.close();
}

// ---------------------------------------------------------------------------------------------
// LSP / vscode-jsonrpc over PassThrough streams
// ---------------------------------------------------------------------------------------------

function parseContentLength(text) {
  const out = [];
  let rest = text;
  while (rest.length > 0) {
    const match = /^Content-Length: (\d+)\r\n(?:[^\r\n]+\r\n)*\r\n/.exec(rest);
    if (!match) break;
    const start = match[0].length;
    const length = Number(match[1]);
    const body = Buffer.from(rest.slice(start), 'utf8').subarray(0, length).toString('utf8');
    out.push(JSON.parse(body));
    rest = rest.slice(start + body.length);
  }
  return out;
}

async function captureLsp() {
  const source = 'vscode-jsonrpc';
  const protocol = 'lsp';
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const wireChunks = [];
  toClient.on('data', (chunk) => wireChunks.push(chunk.toString('utf8')));
  const server = createMessageConnection(
    new StreamMessageReader(toServer),
    new StreamMessageWriter(toClient),
  );
  const client = createMessageConnection(
    new StreamMessageReader(toClient),
    new StreamMessageWriter(toServer),
  );
  const cases = [
    ['request-cancelled', -32800, 'Request cancelled', undefined, exp('cancelled', false)],
    [
      'content-modified',
      -32801,
      'Content modified',
      { uri: 'file:///src/a.ts', version: 7 },
      exp('conflict', true),
    ],
    [
      'server-cancelled',
      -32802,
      'Server cancelled the request',
      { retriggerRequest: true },
      exp('cancelled', true),
    ],
    ['request-failed', -32803, 'Request failed: build broke', undefined, exp('internal', false)],
    ['server-not-initialized', -32002, 'Server not initialized', undefined, exp('protocol', false)],
    [
      'unknown-error-code',
      -32001,
      'Unknown error',
      undefined,
      exp('internal', false),
      'vscode-jsonrpc ErrorCodes.UnknownErrorCode (-32001). Not in the table for LSP: internal, not retryable.',
    ],
    [
      'invalid-params',
      -32602,
      'Invalid params: textDocument.uri is required',
      undefined,
      exp('validation', false),
    ],
    ['parse-error', -32700, 'Parse error', undefined, exp('protocol', false)],
    ['invalid-request', -32600, 'Invalid request', undefined, exp('protocol', false)],
    ['internal-error', -32603, 'Internal error', undefined, exp('internal', false)],
  ];
  for (const [name, code, message, data] of cases) {
    server.onRequest(`fixture/returns-${name}`, () => new ResponseError(code, message, data));
  }
  server.onRequest('fixture/throws-response-error', () => {
    throw new ResponseError(-32801, 'Content modified');
  });
  server.onRequest('fixture/throws-error', () => {
    throw new Error('boom');
  });
  server.onRequest('fixture/rejects-error', () => Promise.reject(new Error('async boom')));
  server.onRequest(
    'fixture/slow',
    (_params, token) =>
      new Promise((resolve) => {
        const timer = setTimeout(() => resolve('late'), 1000);
        token.onCancellationRequested(() => {
          clearTimeout(timer);
          resolve(new ResponseError(-32800, 'Request cancelled'));
        });
      }),
  );
  server.listen();
  client.listen();

  let id = 0;
  const capture = async (slug, fn, description, expected, note) => {
    const requestId = id++;
    const { error } = await rejection(fn);
    const wire = parseContentLength(wireChunks.join('')).find(
      (m) => m.id === requestId && 'error' in m,
    );
    if (wire) {
      add(`lsp/wire/${slug}`, {
        source,
        protocol,
        description: `${description}; the JSON-RPC response on the wire (Content-Length framed)`,
        input: wire,
        expected,
        ...(note ? { note } : {}),
      });
    }
    add(`lsp/client/${slug}`, {
      source,
      protocol,
      description: `${description}; what sendRequest rejects with`,
      input: errorFields(error),
      expected,
      ...(note ? { note } : {}),
    });
  };
  for (const [name, , , , expected, note] of cases) {
    await capture(
      `handler-returns-${name}`,
      () => client.sendRequest(`fixture/returns-${name}`, {}),
      `handler returns a ResponseError (${name})`,
      expected,
      note,
    );
  }
  await capture(
    'handler-throws-response-error',
    () => client.sendRequest('fixture/throws-response-error', {}),
    'handler throws a ResponseError(-32801)',
    exp('conflict', true),
  );
  await capture(
    'handler-throws-error',
    () => client.sendRequest('fixture/throws-error', {}),
    'handler throws a plain Error: "Request <method> failed with message: <message>", -32603',
    exp('internal', false),
  );
  await capture(
    'handler-rejects-error',
    () => client.sendRequest('fixture/rejects-error', {}),
    'handler returns a rejected promise',
    exp('internal', false),
  );
  await capture(
    'unknown-method',
    () => client.sendRequest('textDocument/frobnicate', {}),
    'request for a method with no handler: "Unhandled method <method>"',
    exp('protocol', false),
  );
  await capture(
    'client-cancels',
    () => {
      const source = new CancellationTokenSource();
      setTimeout(() => source.cancel(), 20);
      return client.sendRequest('fixture/slow', {}, source.token);
    },
    'client cancels with a CancellationToken; the server answers -32800',
    exp('cancelled', false),
  );
  id++; // the $/cancelRequest notification takes no id, but the disposed request below does
  id--;
  await capture(
    'pending-response-rejected-on-dispose',
    () => {
      setTimeout(() => client.dispose(), 20);
      return client.sendRequest('fixture/slow', {});
    },
    'the client connection is disposed while a request is pending: local ResponseError -32097',
    exp('unavailable', true),
    'vscode-jsonrpc ErrorCodes.PendingResponseRejected (-32097), a local code. Not in the table; the connection is gone: unavailable.',
  );
  const { error: disposed } = await rejection(() => client.sendRequest('fixture/slow', {}));
  add('lsp/client/connection-disposed', {
    source,
    protocol,
    description:
      'request on a disposed connection: ConnectionError (code 2 = ConnectionErrors.Disposed)',
    input: errorFields(disposed),
    expected: exp('unavailable', true),
    note: 'A local ConnectionError whose numeric code 2 is not a JSON-RPC code. Not in the table; the connection is gone: unavailable.',
  });
  server.dispose();
  toServer.destroy();
  toClient.destroy();
}

// ---------------------------------------------------------------------------------------------
// A2A: @a2a-js/sdk JSON-RPC transport handlers (v1.0 and the v0.3 compat layer)
// ---------------------------------------------------------------------------------------------

async function captureA2a() {
  const source = 'a2a-sdk';
  const protocol = 'a2a';
  const card = {
    name: 'fixture-agent',
    description: 'fixture',
    version: '1.0.0',
    supportedInterfaces: [
      { url: 'http://127.0.0.1/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
    ],
    capabilities: { streaming: false, pushNotifications: false },
    defaultInputModes: ['text'],
    defaultOutputModes: ['text'],
    skills: [],
  };
  const executor = {
    execute: async () => {},
    cancelTask: async () => {},
  };
  const taskStore = new InMemoryTaskStore();
  await taskStore.save(
    {
      id: 'task-done',
      contextId: 'ctx-1',
      status: { state: 3 /* TASK_STATE_COMPLETED */ },
      history: [],
      artifacts: [],
      metadata: {},
    },
    new ServerCallContext(),
  );
  const handler = new DefaultRequestHandler(card, taskStore, executor);
  const v1 = new JsonRpcTransportHandler(handler);
  const v03 = new LegacyJsonRpcTransportHandler(handler);
  const run = async (h, body) =>
    bounded(h.handle(body, new ServerCallContext()), 3000, 'A2A handle');

  const v1Cases = [
    [
      'parse-error',
      '{"jsonrpc": "2.0", "id": 1, "method": ',
      exp('validation', false),
      'A2A v1 SDK answers unparsable JSON with -32602 + ErrorInfo reason INVALID_PARAMS (not -32700); the table maps -32602 to validation.',
    ],
    [
      'invalid-jsonrpc-version',
      { jsonrpc: '1.0', id: 2, method: 'GetTask' },
      exp('validation', false),
      'A2A v1 SDK answers an invalid envelope with -32602 (RequestMalformedError), not -32600.',
    ],
    [
      'unknown-method',
      { jsonrpc: '2.0', id: 3, method: 'FrobnicateTask', params: {} },
      exp('protocol', false),
    ],
    [
      'task-not-found',
      { jsonrpc: '2.0', id: 4, method: 'GetTask', params: { id: 'task-missing' } },
      exp('not_found', false),
    ],
    [
      'cancel-task-not-found',
      { jsonrpc: '2.0', id: 5, method: 'CancelTask', params: { id: 'task-missing' } },
      exp('not_found', false),
    ],
    [
      'task-not-cancelable',
      { jsonrpc: '2.0', id: 6, method: 'CancelTask', params: { id: 'task-done' } },
      exp('conflict', false),
    ],
    [
      'push-not-supported',
      {
        jsonrpc: '2.0',
        id: 7,
        method: 'CreateTaskPushNotificationConfig',
        params: {
          taskId: 'task-done',
          pushNotificationConfig: { url: 'https://hooks.example.com/a2a' },
        },
      },
      exp('protocol', false),
    ],
    [
      'extended-card-unsupported',
      { jsonrpc: '2.0', id: 8, method: 'GetExtendedAgentCard' },
      exp('protocol', false),
    ],
    [
      'params-not-object',
      { jsonrpc: '2.0', id: 9, method: 'GetTask', params: [] },
      exp('validation', false),
    ],
  ];
  for (const [slug, body, expected, note] of v1Cases) {
    const response = await run(v1, body);
    if (!response.error)
      throw new Error(`capture-fixtures: A2A v1 ${slug} did not fail: ${JSON.stringify(response)}`);
    add(`a2a/v1-wire/${slug}`, {
      source,
      protocol,
      description: `A2A v1.0 JsonRpcTransportHandler response (${slug}): data is an array of google.rpc.ErrorInfo`,
      input: response,
      expected,
      ...(note ? { note } : {}),
    });
    const received = fromJsonRpcErrorResponse(response);
    const clientNote =
      response.error.code === -32601
        ? 'fromJsonRpcErrorResponse maps -32700/-32600/-32601 to RequestMalformedError (reason INVALID_PARAMS) and keeps the wire code in envelopeCode: envelopeCode decides (protocol), not the reason.'
        : note;
    add(`a2a/v1-client/${slug}`, {
      source,
      protocol,
      description: `the SDK error fromJsonRpcErrorResponse() builds from that response (${slug})`,
      input: errorFields(received, ['reason', 'metadata', 'envelopeCode', 'transport']),
      expected,
      ...(clientNote ? { note: clientNote } : {}),
    });
  }

  const v03Cases = [
    [
      'parse-error',
      '{"jsonrpc": "2.0", "id": 1, "method": ',
      exp('protocol', false),
      'The v0.3 compat layer answers unparsable JSON with -32600 (invalid request), not -32700.',
    ],
    [
      'unknown-method',
      { jsonrpc: '2.0', id: 3, method: 'tasks/frobnicate', params: {} },
      exp('protocol', false),
    ],
    [
      'task-not-found',
      { jsonrpc: '2.0', id: 4, method: 'tasks/get', params: { id: 'task-missing' } },
      exp('not_found', false),
    ],
    [
      'task-not-cancelable',
      { jsonrpc: '2.0', id: 6, method: 'tasks/cancel', params: { id: 'task-done' } },
      exp('conflict', false),
    ],
    [
      'push-not-supported',
      {
        jsonrpc: '2.0',
        id: 7,
        method: 'tasks/pushNotificationConfig/set',
        params: {
          taskId: 'task-done',
          pushNotificationConfig: { url: 'https://hooks.example.com/a2a' },
        },
      },
      exp('protocol', false),
    ],
    [
      'extended-card-unsupported',
      { jsonrpc: '2.0', id: 8, method: 'agent/getAuthenticatedExtendedCard' },
      exp('protocol', false),
    ],
    [
      'params-not-object',
      { jsonrpc: '2.0', id: 9, method: 'tasks/get', params: 5 },
      exp('validation', false),
    ],
    [
      'streaming-unsupported',
      {
        jsonrpc: '2.0',
        id: 10,
        method: 'message/stream',
        params: {
          message: {
            kind: 'message',
            messageId: 'm1',
            role: 'user',
            parts: [{ kind: 'text', text: 'hi' }],
          },
        },
      },
      exp('protocol', false),
    ],
  ];
  for (const [slug, body, expected, note] of v03Cases) {
    const response = await run(v03, body);
    if (!response.error)
      throw new Error(
        `capture-fixtures: A2A v0.3 ${slug} did not fail: ${JSON.stringify(response)}`,
      );
    add(`a2a/v03-wire/${slug}`, {
      source,
      protocol,
      description: `A2A v0.3 LegacyJsonRpcTransportHandler response (${slug}): bare { code, message }`,
      input: response,
      expected,
      ...(note ? { note } : {}),
    });
  }

  // Every semantic error class through the SDK's own serialisers.
  const classes = [
    [
      'task-not-found',
      new TaskNotFoundError({
        message: 'Task not found: task-123',
        metadata: { taskId: 'task-123' },
      }),
      { taskId: 'task-123' },
      exp('not_found', false),
    ],
    [
      'task-not-cancelable',
      new TaskNotCancelableError({ message: 'Task cannot be canceled: task-123 is completed' }),
      { taskId: 'task-123', state: 'completed' },
      exp('conflict', false),
    ],
    [
      'push-notification-not-supported',
      new PushNotificationNotSupportedError(),
      undefined,
      exp('protocol', false),
    ],
    ['unsupported-operation', new UnsupportedOperationError(), undefined, exp('protocol', false)],
    [
      'content-type-not-supported',
      new ContentTypeNotSupportedError({
        message: 'Incompatible content types: image/png',
        metadata: { mediaType: 'image/png' },
      }),
      { mediaType: 'image/png' },
      exp('validation', false),
    ],
    ['invalid-agent-response', new InvalidAgentResponseError(), undefined, exp('internal', false)],
    [
      'extended-card-not-configured',
      new ExtendedAgentCardNotConfiguredError(),
      undefined,
      exp('protocol', false),
    ],
    [
      'extension-support-required',
      new ExtensionSupportRequiredError({
        message: 'Extension support required: https://example.com/ext/v1',
      }),
      { extensions: ['https://example.com/ext/v1'] },
      exp('protocol', false),
    ],
    [
      'version-not-supported',
      new VersionNotSupportedError({
        message:
          "The requested A2A protocol version '2.0' is not supported. Supported versions: 1.0",
      }),
      { requested: '2.0', supported: ['1.0'] },
      exp('protocol', false),
    ],
    ['request-malformed', new RequestMalformedError(), undefined, exp('validation', false)],
  ];
  for (const [slug, error, v03Data, expected] of classes) {
    const v1Error = toJsonRpcError(error);
    add(`a2a/to-jsonrpc-error/${slug}`, {
      source,
      protocol,
      description: `toJsonRpcError(new ${error.name}()): JSON-RPC error object with the v1.0 ErrorInfo array in data`,
      input: v1Error,
      expected,
    });
    add(`a2a/instance/${slug}`, {
      source,
      protocol,
      description: `the ${error.name} instance itself`,
      input: errorFields(error, ['reason', 'metadata']),
      expected,
    });
    if (v03Data !== undefined) {
      add(`a2a/v03-free-form-data/${slug}`, {
        source: 'a2a-hand-built',
        protocol,
        description: `v0.3-style JSON-RPC error for ${error.name} with a free-form data object (hand-built: the SDK's v0.3 layer sends no data for semantic errors)`,
        input: { code: v1Error.code, message: v1Error.message, data: v03Data },
        expected,
      });
    }
  }
  {
    const error = new TaskNotFoundError({ message: 'Task not found: task-9' });
    const body = toRestErrorBody(error, 404);
    add('a2a/rest-body/task-not-found', {
      source,
      protocol,
      description:
        'toRestErrorBody(TaskNotFoundError, 404): google.rpc.Status JSON for the HTTP+JSON binding',
      input: body,
      expected: exp('not_found', false),
    });
    const rebuilt = fromRestErrorBody(body.error, { statusCode: 404 });
    add('a2a/rest-client/task-not-found', {
      source,
      protocol,
      description: 'the error fromRestErrorBody() rebuilds (carries statusCode)',
      input: errorFields(rebuilt, ['reason', 'metadata', 'statusCode', 'transport']),
      expected: exp('not_found', false),
    });
    const generic = toRestErrorBody(new Error('database unavailable'), 500);
    add('a2a/rest-body/plain-error', {
      source,
      protocol,
      description: 'toRestErrorBody(plain Error, 500): status INTERNAL, no details',
      input: generic,
      expected: exp('internal', true),
      note: 'A google.rpc.Status body with code 500: HTTP 500 is internal, retryable.',
    });
  }
  add('a2a/to-jsonrpc-error/plain-error', {
    source,
    protocol,
    description: 'toJsonRpcError(plain Error): -32603 with the message, no data',
    input: toJsonRpcError(new Error('agent executor crashed')),
    expected: exp('internal', false),
  });
  // v1.0 ErrorInfo form with metadata, and the same without a protocol hint.
  const infoForm = {
    jsonrpc: '2.0',
    id: 'req-1',
    error: {
      code: -32001,
      message: 'Task not found',
      data: [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'TASK_NOT_FOUND',
          domain: 'a2a-protocol.org',
          metadata: { taskId: 'task-123' },
        },
      ],
    },
  };
  add('a2a/v1-errorinfo/no-hint', {
    source: 'a2a-hand-built',
    description:
      'A2A v1.0 error response with an ErrorInfo array and no protocol hint: the ErrorInfo domain identifies A2A',
    input: infoForm,
    expected: exp('not_found', false),
    note: 'No hint: -32001 would be a timeout under MCP; the google.rpc.ErrorInfo with domain a2a-protocol.org settles it.',
  });
}

// ---------------------------------------------------------------------------------------------
// HTTP: a node:http server on 127.0.0.1, read with fetch
// ---------------------------------------------------------------------------------------------

const FIXED_DATE = 'Sat, 21 Nov 2026 12:00:00 GMT';
const FIXED_EPOCH = Date.parse(FIXED_DATE) / 1000;
const RELEVANT_HEADER =
  /^(content-type|retry-after|retry-after-ms|x-should-retry|date|www-authenticate|x-ratelimit-[a-z-]+|anthropic-ratelimit-[a-z-]+|ratelimit(-[a-z]+)?)$/;
const problem = 'application/problem+json';
const json = 'application/json';

const anthropic = (type, message) => ({ type: 'error', error: { type, message } });
const openai = (message, type, code, param = null) => ({ error: { message, type, param, code } });

/** Each case: [slug, status, headers, body, expected, note?] */
const httpCases = [
  [
    '400-plain-text',
    400,
    { 'content-type': 'text/plain' },
    'Bad Request',
    exp('validation', false),
  ],
  [
    '400-problem-json',
    400,
    { 'content-type': problem },
    {
      type: 'https://example.com/probs/invalid-body',
      title: 'Invalid request body',
      status: 400,
      detail: "Field 'name' must be a string",
      instance: '/v1/users',
    },
    exp('validation', false),
  ],
  [
    '401-www-authenticate',
    401,
    { 'content-type': json, 'www-authenticate': 'Bearer realm="api", error="invalid_token"' },
    { message: 'Unauthorized' },
    exp('auth', false),
  ],
  [
    '401-problem-json',
    401,
    { 'content-type': problem },
    { type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'Token expired' },
    exp('auth', false),
  ],
  [
    '403-problem-json',
    403,
    { 'content-type': problem },
    {
      type: 'https://example.com/probs/out-of-credit',
      title: 'You do not have enough credit.',
      status: 403,
      detail: 'Your current balance is 30, but that costs 50.',
      instance: '/account/12345/msgs/abc',
      balance: 30,
      accounts: ['/account/12345', '/account/67890'],
    },
    exp('permission', false),
    'RFC 9457 §3 example: status 403 decides the category (permission) even though the title is about credit.',
  ],
  ['404-empty', 404, {}, '', exp('not_found', false)],
  [
    '404-problem-json',
    404,
    { 'content-type': problem },
    { type: 'about:blank', title: 'Not Found', status: 404, detail: 'No user with id 42' },
    exp('not_found', false),
  ],
  [
    '408-request-timeout',
    408,
    { 'content-type': 'text/plain' },
    'Request Timeout',
    exp('timeout', true),
  ],
  [
    '409-conflict',
    409,
    { 'content-type': problem },
    {
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      detail: 'Version mismatch: expected 3, got 2',
    },
    exp('conflict', false),
  ],
  [
    '409-x-should-retry-true',
    409,
    { 'content-type': json, 'x-should-retry': 'true' },
    { error: 'lock held by another writer' },
    exp('conflict', true),
    'x-should-retry: true overrides the default (not retryable) of conflict.',
  ],
  [
    '422-validation-problem',
    422,
    { 'content-type': problem },
    {
      type: 'https://example.com/probs/validation',
      title: 'Your request is not valid.',
      status: 422,
      errors: [
        { detail: 'must be a positive integer', pointer: '#/age' },
        { detail: "must be 'green', 'red' or 'blue'", pointer: '#/profile/color' },
      ],
    },
    exp('validation', false),
  ],
  [
    '429-retry-after-seconds',
    429,
    { 'content-type': 'text/plain', 'retry-after': '30' },
    'Too Many Requests',
    exp('rate_limit', true, { retryAfterMs: 30000 }),
  ],
  [
    '429-retry-after-http-date',
    429,
    {
      'content-type': 'text/plain',
      'retry-after': 'Sat, 21 Nov 2026 12:00:45 GMT',
      date: FIXED_DATE,
    },
    'Too Many Requests',
    exp('rate_limit', true, { retryAfterMs: 45000 }),
    'retry-after is an HTTP date; the delay is relative to the response date header (fixed by the fixture server), not to the clock.',
  ],
  [
    '429-retry-after-ms',
    429,
    { 'content-type': json, 'retry-after-ms': '1500', 'retry-after': '2' },
    { error: 'slow down' },
    exp('rate_limit', true, { retryAfterMs: 1500 }),
    'retry-after-ms wins over retry-after.',
  ],
  [
    '429-x-ratelimit-reset-epoch',
    429,
    {
      'content-type': json,
      'x-ratelimit-limit': '60',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(FIXED_EPOCH + 20),
      date: FIXED_DATE,
    },
    { message: 'API rate limit exceeded' },
    exp('rate_limit', true, { retryAfterMs: 20000 }),
    'GitHub style: x-ratelimit-reset is epoch seconds (a value above 1e9); delay relative to the date header.',
  ],
  [
    '429-x-ratelimit-reset-duration',
    429,
    {
      'content-type': json,
      'x-ratelimit-limit-requests': '500',
      'x-ratelimit-remaining-requests': '0',
      'x-ratelimit-reset-requests': '1s',
      'x-ratelimit-reset-tokens': '6m0s',
    },
    openai('Rate limit reached for requests', 'requests', 'rate_limit_exceeded'),
    exp('rate_limit', true, { retryAfterMs: 1000 }),
    'OpenAI style durations; the reset of the exhausted bucket (remaining 0: requests) is the delay.',
  ],
  [
    '429-problem-json',
    429,
    { 'content-type': problem, 'retry-after': '10' },
    {
      type: 'about:blank',
      title: 'Too Many Requests',
      status: 429,
      detail: 'Quota of 100 requests per minute exceeded',
    },
    exp('rate_limit', true, { retryAfterMs: 10000 }),
  ],
  ['429-no-headers', 429, {}, '', exp('rate_limit', true)],
  [
    '499-client-closed',
    499,
    { 'content-type': 'text/plain' },
    'Client Closed Request',
    exp('cancelled', false),
  ],
  [
    '500-plain',
    500,
    { 'content-type': 'text/html' },
    '<html><body><h1>500 Internal Server Error</h1></body></html>',
    exp('internal', true),
  ],
  [
    '500-problem-json',
    500,
    { 'content-type': problem },
    {
      type: 'about:blank',
      title: 'Internal Server Error',
      status: 500,
      detail: 'Unexpected error',
    },
    exp('internal', true),
  ],
  [
    '500-x-should-retry-false',
    500,
    { 'content-type': json, 'x-should-retry': 'false' },
    { error: 'deterministic failure' },
    exp('internal', false),
    'x-should-retry: false overrides the default (retryable) of HTTP 500.',
  ],
  [
    '501-not-implemented',
    501,
    { 'content-type': 'text/plain' },
    'Not Implemented',
    exp('protocol', false),
  ],
  [
    '502-bad-gateway',
    502,
    { 'content-type': 'text/html' },
    '<html><body>502 Bad Gateway</body></html>',
    exp('unavailable', true),
  ],
  [
    '503-retry-after',
    503,
    { 'content-type': 'text/plain', 'retry-after': '120' },
    'Service Unavailable',
    exp('unavailable', true, { retryAfterMs: 120000 }),
  ],
  [
    '503-x-should-retry-false',
    503,
    { 'content-type': 'text/plain', 'x-should-retry': 'false' },
    'Service Unavailable',
    exp('unavailable', false),
    'x-should-retry: false overrides the default (retryable) of 503.',
  ],
  [
    '504-gateway-timeout',
    504,
    { 'content-type': 'text/plain' },
    'Gateway Timeout',
    exp('timeout', true),
  ],
  [
    '529-site-overloaded',
    529,
    { 'content-type': 'text/plain' },
    'Site is overloaded',
    exp('unavailable', true),
  ],
  // Provider bodies, Anthropic style.
  [
    'anthropic-429-rate-limit',
    429,
    {
      'content-type': json,
      'retry-after': '7',
      'anthropic-ratelimit-requests-remaining': '0',
      'anthropic-ratelimit-requests-reset': '2026-11-21T12:00:07Z',
    },
    anthropic(
      'rate_limit_error',
      'Number of request tokens has exceeded your per-minute rate limit',
    ),
    exp('rate_limit', true, { retryAfterMs: 7000 }),
  ],
  [
    'anthropic-529-overloaded',
    529,
    { 'content-type': json },
    anthropic('overloaded_error', 'Overloaded'),
    exp('unavailable', true),
  ],
  [
    'anthropic-401-authentication',
    401,
    { 'content-type': json },
    anthropic('authentication_error', 'invalid x-api-key'),
    exp('auth', false),
  ],
  [
    'anthropic-403-permission',
    403,
    { 'content-type': json },
    anthropic(
      'permission_error',
      'Your API key does not have permission to use the specified resource.',
    ),
    exp('permission', false),
  ],
  [
    'anthropic-404-not-found',
    404,
    { 'content-type': json },
    anthropic('not_found_error', 'model: claude-nonexistent'),
    exp('not_found', false),
  ],
  [
    'anthropic-400-invalid-request',
    400,
    { 'content-type': json },
    anthropic('invalid_request_error', 'messages: at least one message is required'),
    exp('validation', false),
  ],
  [
    'anthropic-413-request-too-large',
    413,
    { 'content-type': json },
    anthropic('request_too_large', 'Request exceeds the maximum allowed number of bytes.'),
    exp('validation', false),
    'Table silent on 413 and request_too_large: the input must change, so validation.',
  ],
  [
    'anthropic-500-api-error',
    500,
    { 'content-type': json },
    anthropic('api_error', 'Internal server error'),
    exp('internal', true),
  ],
  [
    'anthropic-402-billing',
    402,
    { 'content-type': json },
    anthropic('billing_error', 'Your credit balance is too low to access the Anthropic API.'),
    exp('quota', false),
    'Table silent on 402; the body type billing_error is quota.',
  ],
  [
    'anthropic-504-timeout',
    504,
    { 'content-type': json },
    anthropic('timeout_error', 'Request timed out'),
    exp('timeout', true),
  ],
  // Provider bodies, OpenAI style.
  [
    'openai-429-insufficient-quota',
    429,
    { 'content-type': json },
    openai(
      'You exceeded your current quota, please check your plan and billing details.',
      'insufficient_quota',
      'insufficient_quota',
    ),
    exp('quota', false),
    'The body (insufficient_quota) is more specific than the status (429): quota, do not retry.',
  ],
  [
    'openai-429-rate-limit-exceeded',
    429,
    { 'content-type': json, 'retry-after': '3' },
    openai(
      'Rate limit reached for gpt-4o on tokens per min (TPM)',
      'tokens',
      'rate_limit_exceeded',
    ),
    exp('rate_limit', true, { retryAfterMs: 3000 }),
  ],
  [
    'openai-401-invalid-api-key',
    401,
    { 'content-type': json },
    openai('Incorrect API key provided: sk-abc***.', 'invalid_request_error', 'invalid_api_key'),
    exp('auth', false),
    'Type invalid_request_error but code invalid_api_key and status 401: auth.',
  ],
  [
    'openai-404-model-not-found',
    404,
    { 'content-type': json },
    openai(
      'The model `gpt-9` does not exist or you do not have access to it.',
      'invalid_request_error',
      'model_not_found',
    ),
    exp('not_found', false),
  ],
  [
    'openai-400-context-length',
    400,
    { 'content-type': json },
    openai(
      "This model's maximum context length is 128000 tokens.",
      'invalid_request_error',
      'context_length_exceeded',
      'messages',
    ),
    exp('validation', false),
  ],
  [
    'openai-500-server-error',
    500,
    { 'content-type': json },
    openai('The server had an error while processing your request.', 'server_error', null),
    exp('internal', true),
    'Table silent on type server_error; like api_error: internal, retryable.',
  ],
  [
    'openai-503-overloaded',
    503,
    { 'content-type': json },
    openai(
      'The engine is currently overloaded, please try again later',
      'server_error',
      'engine_overloaded',
    ),
    exp('unavailable', true),
  ],
];

async function captureHttp() {
  const server = createServer((req, res) => {
    const slug = new URL(req.url ?? '/', 'http://127.0.0.1').pathname.slice(1);
    const found = httpCases.find(([s]) => s === slug);
    res.sendDate = false;
    if (!found) {
      res.writeHead(500).end();
      return;
    }
    const [, status, headers, body] = found;
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(text) });
    res.end(text);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  ports.set(port, 'port');
  try {
    for (const [slug, status, , , expected, note] of httpCases) {
      const response = await bounded(
        fetch(`http://127.0.0.1:${port}/${slug}`),
        3000,
        `GET /${slug}`,
      );
      const headers = {};
      for (const [name, value] of response.headers) {
        if (RELEVANT_HEADER.test(name)) headers[name] = value;
      }
      const text = await response.text();
      const contentType = response.headers.get('content-type') ?? '';
      const body = /json/.test(contentType) && text !== '' ? JSON.parse(text) : text;
      if (response.status !== status)
        throw new Error(`capture-fixtures: ${slug} answered ${response.status}`);
      const provider = slug.startsWith('anthropic') || slug.startsWith('openai');
      add(`http/response/${slug}`, {
        source: 'http-local-server',
        description: `${provider ? 'provider error ' : ''}HTTP ${status} from the local server, read with fetch`,
        input: { status: response.status, headers, body },
        expected,
        ...(note ? { note } : {}),
      });
      if (provider) {
        add(`provider/body/${slug}`, {
          source: 'provider-body',
          description: `the same provider error body on its own, without status or headers`,
          input: body,
          expected: { ...expected, retryAfterMs: undefined },
          ...(note ? { note: `${note} (Body only: no status or headers, so no delay.)` } : {}),
        });
      }
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  // JSON.stringify drops the undefined retryAfterMs of body-only entries.
  for (const e of entries) {
    if (e.source === 'provider-body') e.expected = JSON.parse(JSON.stringify(e.expected));
  }
  // RFC 9457 problem documents on their own.
  const problems = [
    [
      'not-found',
      { type: 'about:blank', title: 'Not Found', status: 404, detail: 'Order 77 does not exist' },
      exp('not_found', false),
    ],
    [
      'forbidden',
      {
        type: 'https://example.com/probs/forbidden',
        title: 'Forbidden',
        status: 403,
        detail: 'Scope repo:write required',
      },
      exp('permission', false),
    ],
    [
      'rate-limited',
      {
        type: 'https://example.com/probs/rate-limited',
        title: 'Too Many Requests',
        status: 429,
        detail: 'Try again in 30 seconds',
      },
      exp('rate_limit', true),
      'A problem document alone carries no Retry-After header, so no retryAfterMs (the 30 s in the detail text is not a hint to parse).',
    ],
    [
      'unavailable',
      { type: 'about:blank', title: 'Service Unavailable', status: 503 },
      exp('unavailable', true),
    ],
  ];
  for (const [slug, body, expected, note] of problems) {
    add(`problem-json/${slug}`, {
      source: 'rfc9457',
      description: `RFC 9457 problem document on its own (${slug})`,
      input: body,
      expected,
      ...(note ? { note } : {}),
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Node system errors, DOM AbortError/TimeoutError, Zod and Valibot failures
// ---------------------------------------------------------------------------------------------

const systemFields = (e) => errorFields(e, ['syscall', 'errno', 'address', 'port', 'path', 'dest']);

async function captureRuntime() {
  const source = 'node-runtime';
  tempDir = await mkdtemp(join(tmpdir(), 'agent-errors-fixtures-'));
  try {
    // ECONNREFUSED: a port that was just closed.
    const probe = netCreateServer();
    await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const closedPort = probe.address().port;
    ports.set(closedPort, 'closed-port');
    await new Promise((resolve) => probe.close(resolve));
    const refused = await new Promise((resolve) => {
      const socket = netConnect(closedPort, '127.0.0.1');
      socket.on('error', resolve);
      socket.on('connect', () => {
        socket.destroy();
        resolve(new Error('capture-fixtures: the closed port accepted'));
      });
    });
    add('node/econnrefused', {
      source,
      description: 'net.connect to a closed port on 127.0.0.1',
      input: systemFields(refused),
      expected: exp('unavailable', true),
    });
    const { error: fetchRefused } = await rejection(() => fetch(`http://127.0.0.1:${closedPort}/`));
    add('node/fetch-failed-econnrefused', {
      source,
      description:
        'fetch to a closed port: TypeError "fetch failed" whose cause is the ECONNREFUSED system error',
      input: { ...errorFields(fetchRefused), cause: systemFields(fetchRefused.cause) },
      expected: exp('unavailable', true),
      note: 'The category comes from the cause: undici wraps the system error in a TypeError.',
    });

    // ECONNRESET: a server that destroys every socket at once.
    const resetter = netCreateServer((socket) => socket.resetAndDestroy());
    await new Promise((resolve) => resetter.listen(0, '127.0.0.1', resolve));
    ports.set(resetter.address().port, 'reset-port');
    const reset = await bounded(
      new Promise((resolve) => {
        const socket = netConnect(resetter.address().port, '127.0.0.1');
        socket.on('error', resolve);
        socket.on('close', () => resolve(new Error('capture-fixtures: no reset')));
        socket.write('hello');
      }),
      3000,
      'ECONNRESET',
    );
    await new Promise((resolve) => resetter.close(resolve));
    if (reset.code === 'ECONNRESET') {
      add('node/econnreset', {
        source,
        description: 'net socket to a server that resets the connection',
        input: systemFields(reset),
        expected: exp('unavailable', true),
      });
    }

    // ENOENT, EISDIR, EEXIST, ENOTDIR, EPERM from fs.
    const missing = join(tempDir, 'missing.txt');
    const { error: enoent } = await rejection(() => readFile(missing));
    add('node/enoent', {
      source,
      description: 'fs.readFile of a missing file',
      input: systemFields(enoent),
      expected: exp('not_found', false),
    });
    const { error: eisdir } = await rejection(() => readFile(tempDir));
    add('node/eisdir', {
      source,
      description: 'fs.readFile of a directory',
      input: systemFields(eisdir),
      expected: exp('validation', false),
      note: 'Table silent on EISDIR: the caller passed the wrong kind of path, so validation.',
    });
    const { error: eexist } = await rejection(() => mkdir(tempDir));
    add('node/eexist', {
      source,
      description: 'fs.mkdir of an existing directory',
      input: systemFields(eexist),
      expected: exp('conflict', false),
      note: 'Table silent on EEXIST: the resource already exists, so conflict.',
    });
    const file = join(tempDir, 'file.txt');
    await writeFile(file, 'x');
    const { error: enotdir } = await rejection(() => readFile(join(file, 'child')));
    add('node/enotdir', {
      source,
      description: 'fs.readFile of a path under a regular file',
      input: systemFields(enotdir),
      expected: exp('not_found', false),
      note: 'Table silent on ENOTDIR: the path does not exist as asked, so not_found (as ENOENT).',
    });
    const { error: eperm } = await rejection(() => link(tempDir, join(tempDir, 'dir-link')));
    if (eperm?.code === 'EPERM') {
      add('node/eperm', {
        source,
        description: 'fs.link of a directory (hard links to directories are not permitted)',
        input: systemFields(eperm),
        expected: exp('permission', false),
      });
    }
    // EACCES: only when not running as root, where the mode bits are enforced.
    if (typeof process.getuid === 'function' && process.getuid() !== 0) {
      const locked = join(tempDir, 'locked.txt');
      await writeFile(locked, 'x');
      await chmod(locked, 0o000);
      const { error: eacces } = await rejection(() => readFile(locked));
      add('node/eacces', {
        source,
        description: 'fs.readFile of a file with mode 000',
        input: systemFields(eacces),
        expected: exp('permission', false),
      });
    } else {
      add('node/eacces', {
        source: 'node-hand-built',
        description:
          'EACCES as Node reports it (hand-built: the capture runs as root, where mode bits are not enforced)',
        input: {
          name: 'Error',
          message: "EACCES: permission denied, open '<tmp>/locked.txt'",
          code: 'EACCES',
          syscall: 'open',
          errno: -13,
          path: '<tmp>/locked.txt',
        },
        expected: exp('permission', false),
      });
    }
  } finally {
    await rm(tempDir, { recursive: true, force: true });
  }
  // Errors that cannot be produced here without the network, in Node's exact shape.
  const handBuilt = [
    [
      'enotfound',
      {
        name: 'Error',
        message: 'getaddrinfo ENOTFOUND api.example.invalid',
        code: 'ENOTFOUND',
        syscall: 'getaddrinfo',
        errno: -3008,
        hostname: 'api.example.invalid',
      },
      exp('unavailable', true),
    ],
    [
      'eai-again',
      {
        name: 'Error',
        message: 'getaddrinfo EAI_AGAIN api.example.com',
        code: 'EAI_AGAIN',
        syscall: 'getaddrinfo',
        errno: -3001,
        hostname: 'api.example.com',
      },
      exp('unavailable', true),
    ],
    [
      'ehostunreach',
      {
        name: 'Error',
        message: 'connect EHOSTUNREACH 10.255.255.1:443',
        code: 'EHOSTUNREACH',
        syscall: 'connect',
        errno: -113,
        address: '10.255.255.1',
        port: 443,
      },
      exp('unavailable', true),
    ],
    [
      'etimedout',
      {
        name: 'Error',
        message: 'connect ETIMEDOUT 10.255.255.1:443',
        code: 'ETIMEDOUT',
        syscall: 'connect',
        errno: -110,
        address: '10.255.255.1',
        port: 443,
      },
      exp('timeout', true),
    ],
    [
      'epipe',
      { name: 'Error', message: 'write EPIPE', code: 'EPIPE', syscall: 'write', errno: -32 },
      exp('unavailable', true),
    ],
  ];
  for (const [slug, input, expected] of handBuilt) {
    add(`node/${slug}`, {
      source: 'node-hand-built',
      description: `${input.code} in Node's shape (hand-built: producing it needs a network beyond 127.0.0.1)`,
      input,
      expected,
    });
  }

  // DOM AbortError / TimeoutError from fetch against a server that never answers.
  const hang = createServer(() => {});
  await new Promise((resolve) => hang.listen(0, '127.0.0.1', resolve));
  ports.set(hang.address().port, 'hang-port');
  const url = `http://127.0.0.1:${hang.address().port}/`;
  try {
    const { error: timeoutError } = await rejection(() =>
      fetch(url, { signal: AbortSignal.timeout(50) }),
    );
    add('dom/fetch-timeout-error', {
      source: 'dom',
      description:
        'fetch with AbortSignal.timeout(50) against a server that never answers: DOMException TimeoutError',
      input: errorFields(timeoutError),
      expected: exp('timeout', true),
      note: 'DOMException code 23 (TIMEOUT_ERR) is a DOM code, not a JSON-RPC or HTTP one.',
    });
    const { error: abortError } = await rejection(() => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 20);
      return fetch(url, { signal: controller.signal });
    });
    add('dom/fetch-abort-error', {
      source: 'dom',
      description: 'fetch aborted with AbortController.abort(): DOMException AbortError',
      input: errorFields(abortError),
      expected: exp('cancelled', false),
      note: 'DOMException code 20 (ABORT_ERR) is a DOM code.',
    });
  } finally {
    hang.closeAllConnections();
    await new Promise((resolve) => hang.close(resolve));
  }
  const signal = AbortSignal.abort();
  add('dom/abort-signal-reason', {
    source: 'dom',
    description: 'AbortSignal.abort().reason',
    input: errorFields(signal.reason),
    expected: exp('cancelled', false),
  });
  const timeoutSignal = AbortSignal.timeout(1);
  await sleep(20);
  add('dom/timeout-signal-reason', {
    source: 'dom',
    description: 'AbortSignal.timeout(1).reason after it fired',
    input: errorFields(timeoutSignal.reason),
    expected: exp('timeout', true),
  });

  // Schema failures.
  const userSchema = z.object({
    name: z.string().min(1),
    age: z.number().int().nonnegative(),
    email: z.email(),
  });
  const zodResult = userSchema.safeParse({ name: '', age: -1.5, email: 'nope' });
  add('zod/error', {
    source: 'zod',
    description: 'ZodError from safeParse of an invalid object',
    input: {
      name: zodResult.error.name,
      message: zodResult.error.message,
      issues: zodResult.error.issues,
    },
    expected: exp('validation', false),
  });
  add('zod/issues', {
    source: 'zod',
    description: 'the bare issues array of that ZodError',
    input: { issues: zodResult.error.issues },
    expected: exp('validation', false),
  });
  const valibotSchema = v.object({
    name: v.pipe(v.string(), v.minLength(1)),
    tags: v.array(v.string()),
  });
  const valibotResult = v.safeParse(valibotSchema, { name: '', tags: ['a', 3] });
  const valibotIssues = valibotResult.issues.map((issue) => ({
    kind: issue.kind,
    type: issue.type,
    expected: issue.expected,
    received: issue.received,
    message: issue.message,
    path: issue.path?.map((item) => ({ type: item.type, origin: item.origin, key: item.key })),
  }));
  let valiError;
  try {
    v.parse(valibotSchema, { name: '', tags: ['a', 3] });
  } catch (e) {
    valiError = e;
  }
  add('valibot/vali-error', {
    source: 'valibot',
    description:
      'ValiError thrown by v.parse (issues keep kind/type/expected/received/message/path)',
    input: { name: valiError.name, message: valiError.message, issues: valibotIssues },
    expected: exp('validation', false),
  });
  const standard = await valibotSchema['~standard'].validate({ name: 'x', tags: 'nope' });
  add('standard-schema/issues', {
    source: 'valibot',
    description: 'Standard Schema validate() result from valibot: { issues: [{ message, path }] }',
    input: {
      issues: standard.issues.map((i) => ({
        message: i.message,
        path: i.path?.map((p) => (typeof p === 'object' ? { key: p.key } : p)),
      })),
    },
    expected: exp('validation', false),
  });
}

// ---------------------------------------------------------------------------------------------
// Shapes from the seed documents
// ---------------------------------------------------------------------------------------------

function captureSeeds() {
  // Seed 000 (ACP errors.md): the error response example.
  const acpResponse = {
    jsonrpc: '2.0',
    id: 123,
    error: {
      code: -32002,
      message: 'Resource not found: file:///path/to/file.txt',
      data: { uri: 'file:///path/to/file.txt' },
    },
  };
  add('seed-000/acp-error-response', {
    source: 'seed-000',
    protocol: 'acp',
    description: "seed 000's JSON-RPC error response example (ACP resource not found)",
    input: acpResponse,
    expected: exp('not_found', false),
  });
  add('seed-000/acp-error-response-no-hint', {
    source: 'seed-000',
    description: 'the same response without a protocol hint: the message says resource not found',
    input: acpResponse,
    expected: exp('not_found', false),
    note: '-32002 collides (A2A task not cancelable, LSP server not initialized); the message decides.',
  });
  add('seed-000/acp-auth-required-no-hint', {
    source: 'seed-000',
    description:
      'ACP -32000 "Authentication required" without a hint (vs MCP -32000 "Connection closed")',
    input: {
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32000,
        message: 'Authentication required',
        data: { message: 'Please authenticate before creating a session' },
      },
    },
    expected: exp('auth', false),
    note: 'DESIGN.md: without a hint, the message tells -32000 apart.',
  });
  add('seed-000/mcp-connection-closed-no-hint', {
    source: 'seed-000',
    description: 'MCP -32000 "Connection closed" without a hint (counterpart of the ACP auth case)',
    input: { jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'Connection closed' } },
    expected: exp('unavailable', true),
    note: 'DESIGN.md: without a hint, the message tells -32000 apart.',
  });
  // Seed 001 (RequestError reference): the documented toResult()/toErrorResponse() returns.
  add('seed-001/to-result-method-not-found', {
    source: 'seed-001',
    protocol: 'acp',
    description: "seed 001's documented toResult() of methodNotFound('test/method')",
    input: {
      error: {
        code: -32601,
        message: 'Method not found: test/method',
        data: { method: 'test/method' },
      },
    },
    expected: exp('protocol', false),
    note: 'The documented message is "Method not found: test/method"; the real SDK 2.4 sends "\\"Method not found\\": test/method" (see acp/to-result/method-not-found).',
  });
  add('seed-001/to-error-response-invalid-params', {
    source: 'seed-001',
    protocol: 'acp',
    description: "seed 001's documented toErrorResponse() of invalidParams({ field: 'sessionId' })",
    input: { code: -32602, message: 'Invalid params', data: { field: 'sessionId' } },
    expected: exp('validation', false),
  });
  add('seed-001/custom-error-32001', {
    source: 'seed-001',
    protocol: 'acp',
    description:
      "seed 000/001's `new RequestError(-32001, 'Custom error', { detail })` as a wire error",
    input: { code: -32001, message: 'Custom error', data: { detail: 'explanation' } },
    expected: exp('internal', false),
    note: 'ACP defines no -32001; with the acp hint it is an implementation-defined server error: internal.',
  });

  // Seed 002 (opentabs ToolError): the propagated text, every factory and forms of it.
  const toolText = (meta, message) => {
    const header = `[ERROR code=${meta.code} category=${meta.category} retryable=${meta.retryable}${meta.retryAfterMs !== undefined ? ` retryAfterMs=${meta.retryAfterMs}` : ''}] ${message}`;
    return `${header}\n\n\`\`\`json\n${JSON.stringify(meta)}\n\`\`\``;
  };
  const seedExample =
    '[ERROR code=RATE_LIMITED category=rate_limit retryable=true retryAfterMs=2000] Too many requests\n```json\n{"code":"RATE_LIMITED","category":"rate_limit","retryable":true,"retryAfterMs":2000}\n```';
  add('seed-002/doc-example', {
    source: 'seed-002',
    description: "seed 002's exact agent-facing text (header line, then the fenced JSON block)",
    input: seedExample,
    expected: exp('rate_limit', true, { retryAfterMs: 2000, code: 'RATE_LIMITED' }),
  });
  const factories = [
    [
      'auth',
      { code: 'AUTH_ERROR', category: 'auth', retryable: false },
      'Not logged in — open the app and sign in first',
    ],
    [
      'not-found',
      { code: 'NOT_FOUND', category: 'not_found', retryable: false },
      'Channel "general" not found',
    ],
    [
      'not-found-custom-code',
      { code: 'USER_NOT_FOUND', category: 'not_found', retryable: false },
      'User "U1" not found',
    ],
    [
      'rate-limited',
      { code: 'RATE_LIMITED', category: 'rate_limit', retryable: true },
      'Too many requests',
    ],
    [
      'rate-limited-with-delay',
      { code: 'RATE_LIMITED', category: 'rate_limit', retryable: true, retryAfterMs: 2000 },
      'Rate limited by Slack API',
    ],
    [
      'validation',
      { code: 'VALIDATION_ERROR', category: 'validation', retryable: false },
      'Channel name cannot be empty',
    ],
    [
      'timeout',
      { code: 'TIMEOUT', category: 'timeout', retryable: true },
      'Dashboard took too long to load',
    ],
    [
      'internal',
      { code: 'INTERNAL_ERROR', category: 'internal', retryable: false },
      'Unexpected response format from API',
    ],
    [
      'custom-export-too-large',
      { code: 'EXPORT_TOO_LARGE', category: 'validation', retryable: false },
      'Export exceeds 10,000 row limit',
    ],
  ];
  for (const [slug, meta, message] of factories) {
    const expected = exp(meta.category, meta.retryable, {
      ...(meta.retryAfterMs !== undefined ? { retryAfterMs: meta.retryAfterMs } : {}),
      code: meta.code,
    });
    add(`seed-002/tool-error-text/${slug}`, {
      source: 'seed-002',
      description: `ToolError text (${slug}): header + fenced JSON`,
      input: toolText(meta, message),
      expected,
    });
  }
  add('seed-002/header-only', {
    source: 'seed-002',
    description: 'ToolError header line without the JSON block',
    input: '[ERROR code=TIMEOUT category=timeout retryable=true] Dashboard took too long to load',
    expected: exp('timeout', true, { code: 'TIMEOUT' }),
  });
  add('seed-002/json-block-only', {
    source: 'seed-002',
    description: 'only the fenced JSON block',
    input: '```json\n{"code":"AUTH_ERROR","category":"auth","retryable":false}\n```',
    expected: exp('auth', false, { code: 'AUTH_ERROR' }),
  });
  add('seed-002/json-object', {
    source: 'seed-002',
    description: 'the JSON block parsed: a serialised ToolError',
    input: { code: 'RATE_LIMITED', category: 'rate_limit', retryable: true, retryAfterMs: 5000 },
    expected: exp('rate_limit', true, { retryAfterMs: 5000, code: 'RATE_LIMITED' }),
  });
  add('seed-002/embedded-in-text', {
    source: 'seed-002',
    description: 'ToolError text embedded after other text',
    input: `Tool dispatch error: ${toolText({ code: 'NOT_FOUND', category: 'not_found', retryable: false }, 'Channel "random" not found')}`,
    expected: exp('not_found', false, { code: 'NOT_FOUND' }),
  });
  add('seed-002/no-category', {
    source: 'seed-002',
    description: 'header of a ToolError built with the constructor and no category',
    input: '[ERROR code=EXPORT_LIMIT retryable=false] Monthly export limit used up',
    expected: exp('internal', false, { code: 'EXPORT_LIMIT' }),
    note: 'ToolError.category is optional; without one, decode keeps the code and falls back to internal (EXPORT_LIMIT is no code of ours, and decode does not guess from the wording of a code).',
  });
  add('seed-002/mcp-error-prefix-text', {
    source: 'seed-002',
    description: 'plain tool text with the well-known "MCP error <code>: " prefix',
    input: 'MCP error -32001: Request timed out',
    expected: exp('timeout', true),
  });
  add('seed-002/tool-dispatch-error-text', {
    source: 'seed-002',
    description: 'plain tool text with the "Tool dispatch error: " prefix and no structure',
    input: 'Tool dispatch error: tab was closed before the tool finished',
    expected: exp('internal', false),
    note: 'The prefix says where it failed, not why; no conservative keyword applies: internal, not retryable.',
  });

  // Seed 003 (Hermes MCP, Elixir): %Hermes.MCP.Error{code, reason, data} as JSON.
  const hermes = [
    ['parse-error', { code: -32700, reason: 'parse_error', data: {} }, exp('protocol', false)],
    [
      'invalid-request',
      { code: -32600, reason: 'invalid_request', data: {} },
      exp('protocol', false),
    ],
    [
      'method-not-found',
      { code: -32601, reason: 'method_not_found', data: { method: 'unknown_method' } },
      exp('protocol', false),
    ],
    [
      'invalid-params',
      { code: -32602, reason: 'invalid_params', data: { param: 'name' } },
      exp('validation', false),
    ],
    [
      'internal-error',
      { code: -32603, reason: 'internal_error', data: {} },
      exp('internal', false),
    ],
    [
      'from-json-rpc',
      { code: -32700, reason: 'parse_error', data: { original_message: 'Parse error' } },
      exp('protocol', false),
    ],
    [
      'transport-connection-refused',
      { code: -32000, reason: 'connection_refused', data: { type: 'transport' } },
      exp('unavailable', true),
    ],
    [
      'client-request-timeout',
      { code: -32000, reason: 'request_timeout', data: { type: 'client', elapsed_ms: 30000 } },
      exp('timeout', true),
      'Hermes uses -32000 for client errors; reason request_timeout is more specific than the MCP -32000 (connection closed) row: timeout.',
    ],
    [
      'domain-error',
      { code: -32000, reason: 'domain_error', data: { message: 'Resource not found' } },
      exp('not_found', false),
      'Hermes domain_error wraps a tool result with isError: true; data.message says resource not found.',
    ],
  ];
  for (const [slug, input, expected, note] of hermes) {
    add(`seed-003/hermes/${slug}`, {
      source: 'seed-003',
      protocol: 'mcp',
      description: `Hermes.MCP.Error (${slug}) as JSON: { code, reason, data }`,
      input,
      expected,
      ...(note ? { note } : {}),
    });
  }

  // Seed 004 (ARCP §12): every code as an ErrorPayload, with and without overrides, and envelopes.
  const arcp = [
    ['INVALID_REQUEST', 'url is required', 'validation', false],
    ['UNAUTHENTICATED', 'token failed verification', 'auth', false],
    [
      'PERMISSION_DENIED',
      'net.fetch denied for s3://other/',
      'permission',
      false,
      { capability: 'net.fetch', target: 's3://other/' },
    ],
    ['LEASE_SUBSET_VIOLATION', 'child lease wider than parent', 'permission', false],
    ['LEASE_EXPIRED', 'lease_constraints.expires_at reached', 'permission', false],
    ['JOB_NOT_FOUND', 'unknown job_id job_404', 'not_found', false, { job_id: 'job_404' }],
    ['AGENT_NOT_AVAILABLE', 'agent "weekly-report" is not registered', 'not_found', false],
    [
      'AGENT_VERSION_NOT_AVAILABLE',
      'agent "weekly-report@2.1.0" is not available',
      'not_found',
      false,
    ],
    ['RESUME_WINDOW_EXPIRED', 'resume past resume_window_sec', 'not_found', false],
    ['CANCELLED', 'job cancelled via job.cancel', 'cancelled', false],
    ['TIMEOUT', 'max_runtime_sec tripped', 'timeout', true],
    ['INTERNAL_ERROR', 'unhandled runtime error', 'internal', true],
    ['BUDGET_EXHAUSTED', 'lease_constraints.budgets depleted', 'quota', false],
    ['HEARTBEAT_LOST', 'two consecutive missed pongs', 'unavailable', true],
    ['DUPLICATE_KEY', 'idempotency key collision with conflicting input', 'conflict', false],
  ];
  for (const [code, message, category, retryable, details] of arcp) {
    add(`seed-004/arcp-payload/${code.toLowerCase()}`, {
      source: 'seed-004',
      description: `ARCP ErrorPayload ${code} (retryable left to the default)`,
      input: { code, message, ...(details ? { details } : {}) },
      expected: exp(category, retryable, { code }),
    });
  }
  add('seed-004/arcp-payload/internal-error-not-retryable', {
    source: 'seed-004',
    description: 'ARCP INTERNAL_ERROR with the per-error override retryable: false',
    input: { code: 'INTERNAL_ERROR', message: 'schema migration failed', retryable: false },
    expected: exp('internal', true, { code: 'INTERNAL_ERROR' }),
    note: 'seed 004 lets overrides ride on the payload’s retryable field, but the protocol pins INTERNAL_ERROR as always retryable (issue 4), so the override is ignored.',
  });
  add('seed-004/arcp-payload/permission-denied-retryable', {
    source: 'seed-004',
    description: 'ARCP PERMISSION_DENIED with the override retryable: true',
    input: {
      code: 'PERMISSION_DENIED',
      message: 'lease pending approval',
      retryable: true,
      details: { capability: 'fs.write' },
    },
    expected: exp('permission', true, { code: 'PERMISSION_DENIED' }),
  });
  add('seed-004/session-error/unauthenticated', {
    source: 'seed-004',
    description: 'session.error envelope (fatal; transport closes after it)',
    input: {
      type: 'session.error',
      session_id: 'sess_01',
      payload: { code: 'UNAUTHENTICATED', message: 'token failed verification' },
    },
    expected: exp('auth', false, { code: 'UNAUTHENTICATED' }),
  });
  add('seed-004/session-error/resume-window-expired', {
    source: 'seed-004',
    description: 'session.error envelope for a resume past the window',
    input: {
      type: 'session.error',
      session_id: 'sess_01',
      payload: { code: 'RESUME_WINDOW_EXPIRED', message: 'resume past resume_window_sec' },
    },
    expected: exp('not_found', false, { code: 'RESUME_WINDOW_EXPIRED' }),
  });
  add('seed-004/session-error/invalid-request', {
    source: 'seed-004',
    description: 'session.error envelope for a malformed session.hello',
    input: {
      type: 'session.error',
      session_id: 'sess_01',
      payload: {
        code: 'INVALID_REQUEST',
        message: 'malformed session.hello',
        details: { field: 'protocol_version' },
      },
    },
    expected: exp('validation', false, { code: 'INVALID_REQUEST' }),
  });
  add('seed-004/job-error/timeout', {
    source: 'seed-004',
    description: 'job.error envelope with TIMEOUT',
    input: {
      type: 'job.error',
      job_id: 'job_7',
      payload: { code: 'TIMEOUT', message: 'max_runtime_sec tripped', retryable: true },
    },
    expected: exp('timeout', true, { code: 'TIMEOUT' }),
  });
  add('seed-004/job-error/internal-from-thrown-error', {
    source: 'seed-004',
    description: 'job.error envelope produced when an agent throws a generic Error',
    input: {
      type: 'job.error',
      job_id: 'job_8',
      payload: { code: 'INTERNAL_ERROR', message: 'unhandled runtime error' },
    },
    expected: exp('internal', true, { code: 'INTERNAL_ERROR' }),
  });
  add('seed-004/job-error/permission-denied-details', {
    source: 'seed-004',
    description: 'job.error envelope for PermissionDeniedError with details',
    input: {
      type: 'job.error',
      job_id: 'job_9',
      payload: {
        code: 'PERMISSION_DENIED',
        message: 'net.fetch denied for s3://other/',
        details: { capability: 'net.fetch', target: 's3://other/' },
      },
    },
    expected: exp('permission', false, { code: 'PERMISSION_DENIED' }),
  });
  add('seed-004/job-error/budget-exhausted', {
    source: 'seed-004',
    description: 'job.error envelope for BUDGET_EXHAUSTED',
    input: {
      type: 'job.error',
      job_id: 'job_10',
      payload: {
        code: 'BUDGET_EXHAUSTED',
        message: 'lease_constraints.budgets depleted',
        details: { budget: 'usd', limit: 5 },
      },
    },
    expected: exp('quota', false, { code: 'BUDGET_EXHAUSTED' }),
  });
  add('seed-004/tool-result/invalid-request', {
    source: 'seed-004',
    description: "tool_result envelope whose body.error is seed 004's example (404 from upstream)",
    input: {
      type: 'tool_result',
      job_id: 'job_7',
      body: {
        call_id: 'fetch-1',
        error: {
          code: 'INVALID_REQUEST',
          message: '404 from upstream',
          details: { status: 404, url: 'https://example.com/report.csv' },
        },
      },
    },
    expected: exp('validation', false, { code: 'INVALID_REQUEST' }),
    note: 'The ARCP code decides (INVALID_REQUEST → validation), not the upstream status in details.',
  });
  add('seed-004/tool-result/permission-denied', {
    source: 'seed-004',
    description: 'tool_result envelope for a lease violation on tool_call',
    input: {
      type: 'tool_result',
      job_id: 'job_7',
      body: {
        call_id: 'call-2',
        error: {
          code: 'PERMISSION_DENIED',
          message: 'lease check failed',
          details: {
            host: 'api.example.com',
            capability: 'net.fetch',
            target: 'https://api.example.com/',
          },
        },
      },
    },
    expected: exp('permission', false, { code: 'PERMISSION_DENIED' }),
  });
  add('seed-004/tool-result/lease-subset-violation', {
    source: 'seed-004',
    description: 'tool_result envelope for a delegate subset failure',
    input: {
      type: 'tool_result',
      job_id: 'job_7',
      body: {
        call_id: 'delegate-1',
        error: { code: 'LEASE_SUBSET_VIOLATION', message: 'child lease wider than parent' },
      },
    },
    expected: exp('permission', false, { code: 'LEASE_SUBSET_VIOLATION' }),
  });
}

// ---------------------------------------------------------------------------------------------

async function main() {
  await captureMcp();
  await captureAcp();
  await captureRawFrames();
  await captureLsp();
  await captureA2a();
  await captureHttp();
  await captureRuntime();
  captureSeeds();

  // Colliding codes without a protocol hint: the message and data must settle them.
  const noHint = [
    [
      'mcp/wire/server-throws-request-timeout',
      'MCP -32001 with data.timeout; under A2A -32001 is task not found',
    ],
    ['mcp/client/request-timeout', 'MCP -32001 "Request timed out" with data.timeout'],
    ['mcp/wire/server-throws-url-elicitation-required', 'MCP -32042 with data.elicitations'],
    [
      'lsp/wire/handler-returns-server-not-initialized',
      'LSP -32002 "Server not initialized"; under ACP/MCP -32002 is resource not found',
    ],
    ['a2a/v03-wire/task-not-cancelable', 'A2A v0.3 -32002 "Task not cancelable" with no data'],
    ['a2a/v03-wire/task-not-found', 'A2A v0.3 -32001 "Task not found" with no data'],
    ['a2a/v1-wire/task-not-cancelable', 'A2A v1.0 -32002 with an ErrorInfo array'],
    [
      'acp/wire/handler-throws-session-not-found',
      'ACP -32002 "Resource not found" with data.sessionId',
    ],
    ['lsp/wire/handler-returns-server-cancelled', 'LSP -32802 with data.retriggerRequest'],
    [
      'acp/wire/handler-throws-unsupported-protocol-version',
      'ACP -32022 with data.requested/supported',
    ],
  ];
  for (const [id, why] of noHint) {
    const original = entries.find((e) => e.id === id);
    if (!original) throw new Error(`capture-fixtures: no entry ${id} to copy`);
    entries.push({
      ...original,
      id: `${id}/no-hint`,
      protocol: undefined,
      description: `${original.description} — without a protocol hint`,
      note: `No hint: ${why}.${original.note ? ` ${original.note}` : ''}`,
    });
  }
  for (const e of entries) if (e.protocol === undefined) delete e.protocol;

  const ids = new Set();
  for (const e of entries) {
    if (ids.has(e.id)) throw new Error(`capture-fixtures: duplicate id ${e.id}`);
    ids.add(e.id);
  }
  const corpus = normalise(entries);
  await mkdir(dirname(outFile), { recursive: true });
  await writeFile(outFile, `${JSON.stringify(corpus, null, 2)}\n`);
  const counts = {};
  for (const e of corpus) counts[e.source] = (counts[e.source] ?? 0) + 1;
  console.log(`capture-fixtures: wrote ${corpus.length} entries to test/fixtures/corpus.json`);
  for (const [source, count] of Object.entries(counts)) console.log(`  ${source}: ${count}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
