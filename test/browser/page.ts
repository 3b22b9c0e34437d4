// The page test/browser.test.ts loads in Chromium, bundled by esbuild from the built package
// (dist/, through package.json `exports`). It exercises the core, the front door, the HTTP dialect
// and a JSON-RPC peer over the browser's own WebSocket, and resolves `window.testResults` with
// what it saw, for the test to assert.
import { AgentError, decode, encode, isAgentError, nextAction, serializeError } from 'agent-errors';
import { fromFetchResponse } from 'agent-errors/http';
import { createPeer, webSocketTransport } from 'agent-errors/jsonrpc';

/** The fields of an error the test compares. */
function fields(error: unknown) {
  const e = decode(error);
  return {
    isAgentError: isAgentError(error),
    code: e.code,
    category: e.category,
    retryable: e.retryable,
    retryAfterMs: e.retryAfterMs ?? null,
    message: e.message,
  };
}

async function core() {
  const err = AgentError.rateLimited('Slack says slow down', {
    code: 'SLACK_RATE_LIMITED',
    retryAfterMs: 2000,
    details: { token: 'xoxb-0123456789-abcdef', channel: 'general' },
  });
  return {
    instanceOfError: err instanceof Error,
    name: err.name,
    nextAction: nextAction(err),
    survivesStructuredClone: isAgentError(structuredClone(err)),
    survivesJson: isAgentError(JSON.parse(JSON.stringify(err))),
    serialized: serializeError(new AgentError('401 for Bearer abc.def.ghi', { category: 'auth' })),
    redactedDetails: (JSON.parse(JSON.stringify(err)) as { details: unknown }).details,
    httpStatus: encode(err, 'http').status,
    httpRetryAfter: encode(err, 'http').headers['retry-after'],
    // A message posted to a worker or another window arrives as a structured clone.
    postMessage: await new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port2.onmessage = (event: MessageEvent) => {
        resolve(fields(event.data));
        channel.port1.close();
        channel.port2.close();
      };
      channel.port1.postMessage(err);
    }),
  };
}

async function http() {
  const limited = await fetch('/api/limited');
  const missing = await fetch('/api/missing');
  return {
    // decode reads a fetch Response's status and headers at once, without its body.
    limited: { ...fields(limited), nextAction: nextAction(decode(limited)) },
    // fromFetchResponse also reads the body: here an RFC 9457 problem document.
    missing: fields(await fromFetchResponse(missing)),
  };
}

async function rpc() {
  const socket = new WebSocket(`ws://${location.host}/rpc`);
  const peer = createPeer({
    transport: webSocketTransport(socket),
    timeoutMs: 10_000,
    methods: {
      // The Node side calls these.
      'browser/userAgent': () => navigator.userAgent,
      'browser/confirm': () => {
        throw AgentError.cancelled('The user closed the dialog');
      },
    },
  });
  const stop = peer.start();
  const failure = (p: Promise<unknown>) => p.then(() => null, fields);
  try {
    const sum = await peer.request<number>('add', [2, 3]);
    const limited = await failure(peer.request('search', { q: 'errors' }));
    const unexpected = await failure(peer.request('leak'));
    const unknown = await failure(peer.request('no/such/method'));
    // Ask the Node side to call us back, and to say what it saw.
    const fromNode = await peer.request('callBrowser');
    return { sum, limited, unexpected, unknown, fromNode };
  } finally {
    stop();
  }
}

async function run() {
  return { core: await core(), http: await http(), rpc: await rpc() };
}

declare global {
  interface Window {
    testResults: Promise<unknown>;
  }
}

window.testResults = run().catch((error: unknown) => ({
  failed: String(error instanceof Error ? (error.stack ?? error.message) : error),
}));
