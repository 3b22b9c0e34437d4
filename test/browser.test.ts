// The package in a real browser: test/browser/page.ts, bundled by esbuild from dist/ (through
// package.json `exports`, as a user's bundler would), runs in Debian's Chromium driven by
// playwright-core. It decodes fetch Responses served here and talks JSON-RPC over a WebSocket to
// a Node peer in this process, then reports what it saw.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'esbuild';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocketServer } from 'ws';
import { AgentError, decode } from 'agent-errors';
import { createPeer, webSocketTransport } from 'agent-errors/jsonrpc';
import type { Peer, WebSocketLike } from 'agent-errors/jsonrpc';
import { requireBuild, root } from './built.js';
import {
  MISSING_CHROMIUM_MESSAGE,
  SKIPPED_BROWSER_WARNING,
  browserTestSkipper,
  findChromium,
  skipBrowserTests,
} from './helpers/chromium.js';
import { ensureDist } from './helpers/dist.js';

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string;
  exports: Record<string, string | { default: string }>;
};

/** Resolve `agent-errors` and `agent-errors/*` through package.json `exports` to dist/. */
const builtPackage: Plugin = {
  name: 'built-package',
  setup(b) {
    b.onResolve({ filter: /^agent-errors(?:\/.*)?$/ }, ({ path }) => {
      const key = path === pkg.name ? '.' : `.${path.slice(pkg.name.length)}`;
      const target = pkg.exports[key];
      if (target === undefined)
        return { errors: [{ text: `${path} is not in package.json exports` }] };
      return { path: join(root, typeof target === 'string' ? target : target.default) };
    });
  },
};

async function bundlePage(): Promise<string> {
  const result = await build({
    entryPoints: [join(root, 'test', 'browser', 'page.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    plugins: [builtPackage],
  });
  return result.outputFiles[0]!.text;
}

/** What the Node side saw when the browser asked it to call back. */
interface CallBack {
  userAgent: unknown;
  confirm: { category: string; code: string; message: string };
}

function nodePeer(socket: WebSocketLike): Peer {
  const peer: Peer = createPeer({
    transport: webSocketTransport(socket),
    methods: {
      add: ([a, b]: number[]) => a! + b!,
      search: () => {
        throw AgentError.rateLimited('Search is rate limited', { retryAfterMs: 1500 });
      },
      leak: () => {
        throw new Error('connection to postgres://admin:hunter2@db/prod failed in /srv/app/db.js');
      },
      callBrowser: async (): Promise<CallBack> => {
        const userAgent = await peer.request('browser/userAgent');
        const confirm = decode(await peer.request('browser/confirm').catch((e: unknown) => e));
        return {
          userAgent,
          confirm: { category: confirm.category, code: confirm.code, message: confirm.message },
        };
      },
    },
  });
  return peer;
}

function serve(page: string): Promise<{ server: Server; url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    switch (req.url) {
      case '/':
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(
          '<!doctype html><meta charset="utf-8"><script type="module" src="/page.js"></script>',
        );
        return;
      case '/page.js':
        res.writeHead(200, { 'content-type': 'text/javascript' });
        res.end(page);
        return;
      case '/api/limited':
        res.writeHead(429, { 'content-type': 'text/plain', 'retry-after': '2' });
        res.end('slow down');
        return;
      case '/api/missing':
        res.writeHead(404, { 'content-type': 'application/problem+json' });
        res.end(
          JSON.stringify({
            type: 'https://example.com/problems/no-such-channel',
            title: 'Not Found',
            status: 404,
            detail: 'Channel "general" does not exist',
          }),
        );
        return;
      case '/favicon.ico':
        res.writeHead(204).end();
        return;
      default:
        res.writeHead(404).end();
    }
  });
  const wss = new WebSocketServer({ server, path: '/rpc' });
  const stops: (() => void)[] = [];
  wss.on('connection', (socket) => stops.push(nodePeer(socket).start()));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        server,
        url: `http://127.0.0.1:${port}/`,
        close: () =>
          new Promise((done) => {
            for (const stop of stops) stop();
            for (const client of wss.clients) client.terminate();
            wss.close();
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

describe('whether the browser test runs', () => {
  it('needs chromium; skipped with a warning without it, except under CI', () => {
    const warn = vi.fn();
    const skip = browserTestSkipper();
    expect(skip({ CI: 'true' }, false, warn)).toBe(false);
    expect(skip({ AGENT_ERRORS_SKIP_BROWSER: '1', CI: 'true' }, false, warn)).toBe(true);
    expect(skip({}, true, warn)).toBe(false);
    expect(warn).not.toHaveBeenCalled();
    expect(skip({}, false, warn)).toBe(true);
    expect(warn).toHaveBeenCalledWith(SKIPPED_BROWSER_WARNING);
    expect(SKIPPED_BROWSER_WARNING).toContain('apt-get install chromium');
  });
});

describe.skipIf(skipBrowserTests())('in Chromium', () => {
  let browser: Browser | undefined;
  let site: Awaited<ReturnType<typeof serve>> | undefined;

  beforeAll(async () => {
    requireBuild();
    ensureDist();
    const executablePath = findChromium();
    if (!executablePath) throw new Error(MISSING_CHROMIUM_MESSAGE);
    const [page, launched] = await Promise.all([
      bundlePage(),
      chromium.launch({ executablePath, headless: true, args: ['--no-sandbox'] }),
    ]);
    browser = launched;
    site = await serve(page);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('runs the core, the front door, the HTTP dialect and a WebSocket peer', async () => {
    const page = await browser!.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      // The 429 and 404 the page asks for are logged by Chromium as failed loads: expected.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        problems.push(message.text());
    });
    await page.goto(site!.url);
    const results = await page.evaluate(() => window.testResults);
    expect(problems).toEqual([]);
    expect(results).toEqual({
      core: {
        instanceOfError: true,
        name: 'AgentError',
        nextAction: 'wait_and_retry',
        survivesStructuredClone: true,
        survivesJson: true,
        serialized: {
          name: 'AgentError',
          message: '401 for Bearer [REDACTED]',
          code: 'AUTH_ERROR',
          category: 'auth',
          retryable: false,
        },
        redactedDetails: { token: '[REDACTED]', channel: 'general' },
        httpStatus: 429,
        httpRetryAfter: '2',
        postMessage: {
          isAgentError: true,
          code: 'SLACK_RATE_LIMITED',
          category: 'rate_limit',
          retryable: true,
          retryAfterMs: 2000,
          message: 'Slack says slow down',
        },
      },
      http: {
        limited: {
          isAgentError: false,
          code: 'RATE_LIMITED',
          category: 'rate_limit',
          retryable: true,
          retryAfterMs: 2000,
          message: 'Too Many Requests',
          nextAction: 'wait_and_retry',
        },
        missing: {
          isAgentError: true,
          code: 'NOT_FOUND',
          category: 'not_found',
          retryable: false,
          retryAfterMs: null,
          message: 'Channel "general" does not exist',
        },
      },
      rpc: {
        sum: 5,
        limited: {
          isAgentError: true,
          code: 'RATE_LIMITED',
          category: 'rate_limit',
          retryable: true,
          retryAfterMs: 1500,
          message: 'Search is rate limited',
        },
        unexpected: {
          isAgentError: true,
          code: 'INTERNAL_ERROR',
          category: 'internal',
          retryable: false,
          retryAfterMs: null,
          message: 'Internal error',
        },
        unknown: {
          isAgentError: true,
          code: 'METHOD_NOT_FOUND',
          category: 'protocol',
          retryable: false,
          retryAfterMs: null,
          message: 'Method not found: no/such/method',
        },
        fromNode: {
          userAgent: expect.stringMatching(/Chrome\/\d+/),
          confirm: {
            category: 'cancelled',
            code: 'CANCELLED',
            message: 'The user closed the dialog',
          },
        },
      },
    });
    expect(JSON.stringify(results)).not.toContain('hunter2');
  });
});
