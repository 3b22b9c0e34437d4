import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { nextAction } from '../core/agent-error.js';
import type { AgentError } from '../core/agent-error.js';
import type { ErrorCategory, NextAction } from '../core/categories.js';
import { decode } from '../front/decode.js';
import { spawnTransport } from '../node/child-process.js';
import { createPeer } from '../rpc/peer.js';
import type { Transport } from '../rpc/transport.js';
import { retry } from '../retry/retry.js';
import type { RetryEvent } from '../retry/retry.js';
import { retryStopOf } from '../retry/retry-error.js';
import type { RetryStopReason } from '../retry/retry-error.js';
import { CALL_TIMEOUT_MS, DEMO_TOKEN, STATS_METHOD } from './demo-tools.js';
import type { DemoServerStats } from './demo-tools.js';
import type { Style } from './style.js';

/** No run of the demo lasts longer than this, even against a server that never answers. */
const DEMO_DEADLINE_MS = 9_000;

/** The protocol the demo's agent and tool server speak. */
export const DEMO_PROTOCOL = 'mcp';

/** One scenario: a tool call and the failure it meets. */
interface Scenario {
  tool: string;
  story: string;
  arguments: Record<string, unknown>;
}

const SCENARIOS: readonly Scenario[] = [
  { tool: 'calendar.list', story: 'login expired', arguments: { day: '2026-11-23' } },
  { tool: 'search.web', story: 'rate limited', arguments: { q: 'agent error handling' } },
  { tool: 'files.read', story: 'not found', arguments: { path: 'reports/2026-Q3.md' } },
  { tool: 'db.query', story: 'bad input', arguments: { sql: '', limit: 500 } },
  { tool: 'report.render', story: 'slow, times out', arguments: { id: 'weekly' } },
  { tool: 'inventory.sync', story: 'flapping', arguments: {} },
  { tool: 'logs.export', story: 'crash with a token', arguments: { since: '1h' } },
  { tool: 'llm.complete', story: 'budget used up', arguments: { prompt: 'summarise' } },
  {
    tool: 'crm.createContact',
    story: 'write, reply lost',
    arguments: { email: 'ada@example.com' },
  },
];

/** One retry decision: how long the agent waited and why. */
export interface DemoRetry {
  /** The attempt that failed. */
  attempt: number;
  code: string;
  delayMs: number;
  /** `'retryAfterMs'` when the error said how long to wait, otherwise `'backoff'`. */
  basis: 'retryAfterMs' | 'backoff';
}

/** One tool call as the demo shows it. */
export interface DemoCall {
  tool: string;
  story: string;
  /** What crossed the wire for the first failure, short. */
  wire: string;
  /** The JSON-RPC error object received for the first failure; absent when no answer came. */
  wireError?: { code: number | string; message: string; data?: unknown };
  /** How the first failure was classified. */
  category: ErrorCategory;
  code: string;
  retryable: boolean;
  retryAfterMs?: number;
  /** `nextAction` of the first failure. */
  next: NextAction;
  /** What the agent decided, in words. */
  decision: string;
  retries: DemoRetry[];
  attempts: number;
  outcome: 'succeeded' | 'failed';
  /** Why retrying stopped, when the call failed. */
  stopReason?: RetryStopReason;
  /** The tool's answer (text), when the call succeeded. */
  result?: string;
  /** The `errorId` the server sent in place of an unexpected error. */
  errorId?: string;
  /** The validation issues the server sent (`path: message`). */
  issues?: string[];
}

/** Everything `agent-errors demo` shows, as data (`--json`). */
export interface DemoReport {
  protocol: typeof DEMO_PROTOCOL;
  server: string;
  calls: DemoCall[];
  /** The scan of every byte that crossed the wire, both ways, for the crashing tool's token. */
  token: {
    crossed: boolean;
    messagesSent: number;
    bytesSent: number;
    bytesReceived: number;
    errorId?: string;
    /** Whether the server logged the full error under the `errorId` the agent received. */
    loggedUnderErrorId: boolean;
  };
  /** The idempotent write: attempts made by the agent, times the work ran on the server. */
  write: { tool: string; attempts: number; runs: number };
  /** Tools whose work the server stopped because the agent cancelled. */
  serverCancelled: string[];
  elapsedMs: number;
  /** Whether the token stayed out and the write ran exactly once. */
  ok: boolean;
}

const classify = (error: unknown): AgentError => decode(error, { protocol: DEMO_PROTOCOL });

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The first text content of an MCP tool result. */
function resultText(result: unknown): string {
  const content = isRecord(result) ? result.content : undefined;
  const first: unknown = Array.isArray(content) ? content[0] : undefined;
  return isRecord(first) && typeof first.text === 'string' ? first.text : JSON.stringify(result);
}

function issuesOf(error: AgentError): string[] | undefined {
  const issues = error.details?.issues;
  if (!Array.isArray(issues)) return undefined;
  return issues.map((issue: unknown) => {
    const { path, message } = isRecord(issue) ? issue : {};
    const where = Array.isArray(path) ? path.join('.') : '';
    return `${where}: ${String(message)}`;
  });
}

function errorIdOf(error: AgentError): string | undefined {
  const data = error.wire?.data;
  return isRecord(data) && typeof data.errorId === 'string' ? data.errorId : undefined;
}

/** What crossed the wire for `error`, in one short phrase. */
function describeWire(error: AgentError, cancelSent: boolean): string {
  const wire = error.wire;
  if (wire === undefined) {
    const note = cancelSent ? '; sent notifications/cancelled' : '';
    return error.category === 'timeout'
      ? `no reply in ${CALL_TIMEOUT_MS} ms${note}`
      : error.message;
  }
  const extra: string[] = [];
  if (error.retryAfterMs !== undefined) extra.push(`retryAfterMs ${error.retryAfterMs}`);
  const issues = issuesOf(error);
  if (issues) extra.push(`${issues.length} issues`);
  const errorId = errorIdOf(error);
  if (errorId) extra.push(`errorId ${errorId.slice(0, 8)}…`);
  const message = shorten(issues ? String(wire.message).split(':')[0]! : wire.message, 40);
  return `${wire.code} ${message}${extra.length > 0 ? ` (${extra.join(', ')})` : ''}`;
}

const ACTION_TEXT: Record<NextAction, string> = {
  retry: 'retry',
  wait_and_retry: 'wait, then retry',
  reauthenticate: 'log in again',
  fix_input: 'fix the input',
  request_permission: 'ask for permission',
  give_up: 'give up',
};

function describeDecision(
  first: AgentError,
  retries: readonly DemoRetry[],
  outcome: 'succeeded' | 'failed',
  stop: RetryStopReason | undefined,
): string {
  const waits = retries.map((r) =>
    r.basis === 'retryAfterMs' ? `wait ${r.delayMs} ms as asked` : `back off ${r.delayMs} ms`,
  );
  if (stop === 'not_retryable' && retries.length === 0)
    return first.category === 'quota'
      ? 'stop: the budget is gone'
      : `stop: ${ACTION_TEXT[nextAction(first)]}`;
  const retried = waits.length > 0 ? `${waits.join(', ')}, retry` : 'no retry';
  return outcome === 'succeeded' ? retried : `${retried}; gave up (${stop ?? 'failed'})`;
}

/** Wrap a transport to keep a copy of every message written to the other side. */
function recordSends(inner: Transport, sent: string[]): Transport {
  return {
    start: (sink) => inner.start(sink),
    close: () => inner.close(),
    send(text) {
      sent.push(text);
      return inner.send(text);
    },
  };
}

function waitForExit(child: ChildProcess, ms: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Where the compiled tool server is: next to this module in `dist/cli/`. */
export function demoServerPath(): string {
  return fileURLToPath(new URL('./demo-server.js', import.meta.url));
}

/**
 * Run the demo: spawn the tool server, call each tool through `retry`, and report what crossed
 * the wire, how it was classified, what was decided and how it ended.
 */
export async function runDemo(serverPath = demoServerPath()): Promise<DemoReport> {
  const started = performance.now();
  // A bound on the whole run, whatever the server does: every call and wait is cut off by it.
  const deadline = AbortSignal.timeout(DEMO_DEADLINE_MS);
  const { transport, child } = spawnTransport(process.execPath, [serverPath], {
    spawn: { stderr: 'pipe' },
  });
  const sent: string[] = [];
  const received: Buffer[] = [];
  let serverLog = '';
  const peer = createPeer({
    transport: recordSends(transport, sent),
    protocol: DEMO_PROTOCOL,
    timeoutMs: 2_000,
  });
  // Kill the server if this process exits without closing it (a crash, Ctrl-C).
  const killChild = () => child.kill();
  process.once('exit', killChild);
  peer.start();
  // Every byte the server wrote to its stdout, as it arrived.
  child.stdout?.on('data', (chunk: Buffer) => received.push(chunk));
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => (serverLog += chunk));

  try {
    await peer.request(
      'initialize',
      {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'agent-errors-demo', version: '1.0.0' },
      },
      { signal: deadline },
    );
    const calls: DemoCall[] = [];
    for (const scenario of SCENARIOS) {
      calls.push(await callTool(scenario));
    }
    const stats = await peer.request<DemoServerStats>(STATS_METHOD, undefined, {
      signal: deadline,
    });

    await peer.close();
    await waitForExit(child, 1_000);
    const bytes = Buffer.concat([...sent.map((s) => Buffer.from(s)), ...received]);
    const crossed = bytes.includes(DEMO_TOKEN) || bytes.includes(DEMO_TOKEN.slice(4, 20));
    const errorId = calls.find((c) => c.errorId !== undefined)?.errorId;
    const write = calls.find((c) => c.tool === 'crm.createContact');
    const token = {
      crossed,
      messagesSent: sent.length,
      bytesSent: sent.reduce((n, s) => n + Buffer.byteLength(s), 0),
      bytesReceived: received.reduce((n, b) => n + b.length, 0),
      ...(errorId !== undefined ? { errorId } : {}),
      loggedUnderErrorId:
        errorId !== undefined &&
        stats.loggedErrorIds.includes(errorId) &&
        serverLog.includes(errorId),
    };
    return {
      protocol: DEMO_PROTOCOL,
      server: 'node dist/cli/demo-server.js',
      calls,
      token,
      write: { tool: 'crm.createContact', attempts: write?.attempts ?? 0, runs: stats.writes },
      serverCancelled: stats.cancelled,
      elapsedMs: Math.round(performance.now() - started),
      ok: !crossed && stats.writes === 1 && write?.outcome === 'succeeded',
    };
  } finally {
    process.removeListener('exit', killChild);
    await peer.close();
    await waitForExit(child, 1_000);
  }

  async function callTool(scenario: Scenario): Promise<DemoCall> {
    const retries: DemoRetry[] = [];
    let first: AgentError | undefined;
    let cancelSent = false;
    let attempts = 0;
    let result: string | undefined;
    let failure: AgentError | undefined;
    let stopReason: RetryStopReason | undefined;
    try {
      const answer = await retry(
        async ({ attempt, idempotencyKey, signal }) => {
          attempts = attempt;
          const before = sent.length;
          try {
            return await peer.request(
              'tools/call',
              { name: scenario.tool, arguments: scenario.arguments, _meta: { idempotencyKey } },
              { signal, timeoutMs: CALL_TIMEOUT_MS },
            );
          } catch (error) {
            if (first === undefined) {
              first = classify(error);
              cancelSent = sent
                .slice(before)
                .some((text) => text.includes('"notifications/cancelled"'));
            }
            throw error;
          }
        },
        {
          maxAttempts: 4,
          baseDelayMs: 100,
          maxDelayMs: 1_000,
          maxElapsedMs: 3_000,
          signal: deadline,
          classify,
          onRetry: ({ error, attempt, delayMs }: RetryEvent) => {
            retries.push({
              attempt,
              code: error.code,
              delayMs: Math.round(delayMs),
              basis: error.retryAfterMs !== undefined ? 'retryAfterMs' : 'backoff',
            });
          },
        },
      );
      result = resultText(answer);
    } catch (error) {
      failure = classify(error);
      stopReason = retryStopOf(error)?.reason;
    }
    const shown = first ?? failure;
    if (shown === undefined)
      throw new Error(
        `demo: ${scenario.tool} succeeded at once; every scenario is meant to fail first`,
      );
    const outcome = failure === undefined ? 'succeeded' : 'failed';
    const issues = issuesOf(shown);
    const errorId = errorIdOf(shown);
    return {
      tool: scenario.tool,
      story: scenario.story,
      wire: describeWire(shown, cancelSent),
      ...(shown.wire !== undefined
        ? {
            wireError: {
              code: shown.wire.code,
              message: shown.wire.message,
              ...(shown.wire.data !== undefined ? { data: shown.wire.data } : {}),
            },
          }
        : {}),
      category: shown.category,
      code: shown.code,
      retryable: shown.retryable,
      ...(shown.retryAfterMs !== undefined ? { retryAfterMs: shown.retryAfterMs } : {}),
      next: nextAction(shown),
      decision: describeDecision(shown, retries, outcome, stopReason),
      retries,
      attempts,
      outcome,
      ...(stopReason !== undefined ? { stopReason } : {}),
      ...(result !== undefined ? { result } : {}),
      ...(errorId !== undefined ? { errorId } : {}),
      ...(issues !== undefined ? { issues } : {}),
    };
  }
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

/** Render the report for a person: one line per call, then the two guarantees. */
export function formatDemo(report: DemoReport, style: Style): string {
  const lines: string[] = [
    style.bold(
      `agent-errors demo: an agent calls a tool server it spawned (${report.server}) over stdio`,
    ),
    style.dim(
      'protocol: JSON-RPC 2.0, MCP dialect (tools/call, notifications/cancelled); errors carry the hub fields in error.data.agentError',
    ),
    style.dim(
      "every call goes through retry(); failures are classified with decode(error, { protocol: 'mcp' })",
    ),
    '',
  ];
  const rows = report.calls.map((c) => {
    const classified = [
      c.category,
      c.retryable ? 'retryable' : 'not retryable',
      ...(c.retryAfterMs !== undefined ? [`after ${c.retryAfterMs} ms`] : []),
    ].join(', ');
    const tries = `${c.attempts} ${c.attempts === 1 ? 'attempt' : 'attempts'}`;
    const outcome =
      c.outcome === 'succeeded' ? `${tries}, ok: ${c.result ?? ''}` : `${tries}, failed ${c.code}`;
    return [c.tool, c.story, c.wire, classified, c.decision, outcome] as const;
  });
  const titles = ['tool', 'what happens', 'crossed the wire', 'classified', 'decided', 'outcome'];
  const widths = titles.map((title, i) => Math.max(title.length, ...rows.map((r) => r[i]!.length)));
  const cell = (text: string, i: number) =>
    i === titles.length - 1 ? text : pad(text, widths[i]!);
  lines.push(style.dim(`  ${titles.map(cell).join('  ')}`));
  report.calls.forEach((c, n) => {
    const [tool, story, wire, classified, decided, outcome] = rows[n]!.map(cell);
    const ok = c.outcome === 'succeeded';
    lines.push(
      [
        `${ok ? style.green('✓') : style.red('✗')} ${tool!}`,
        story!,
        style.dim(wire!),
        style.cyan(classified!),
        style.yellow(decided!),
        ok ? style.green(outcome!) : style.red(outcome!),
      ].join('  '),
    );
  });
  const { token, write } = report;
  lines.push('');
  lines.push(
    token.crossed
      ? style.red('✗ the token CROSSED the wire')
      : `${style.green('✓')} the token never crossed: ${token.messagesSent} messages out (${token.bytesSent} bytes) and ${token.bytesReceived} bytes back scanned; the agent got -32603 Internal error` +
          (token.errorId !== undefined
            ? ` with errorId ${token.errorId}${token.loggedUnderErrorId ? ', the full error is in the server log under that id' : ''}`
            : ''),
  );
  lines.push(
    write.runs === 1
      ? `${style.green('✓')} the write ran once: ${write.tool} took ${write.attempts} attempts with one idempotency key, the server ran the work ${write.runs} time`
      : style.red(
          `✗ the write ran ${write.runs} times for ${write.attempts} attempts of ${write.tool}`,
        ),
  );
  if (report.serverCancelled.length > 0)
    lines.push(
      `${style.green('✓')} the server stopped work the agent cancelled: ${report.serverCancelled.join(', ')}`,
    );
  lines.push(style.dim(`done in ${report.elapsedMs} ms`), '');
  return lines.join('\n');
}
