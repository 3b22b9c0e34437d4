// agent-errors/otel against the real OpenTelemetry SDK: spans and log records go to in-memory
// exporters, and the test reads what an OTLP exporter would ship.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SpanStatusCode } from '@opentelemetry/api';
import type { Span } from '@opentelemetry/api';
import {
  InMemoryLogRecordExporter,
  LoggerProvider,
  SimpleLogRecordProcessor,
} from '@opentelemetry/sdk-logs';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AgentError } from '../core/agent-error.js';
import { toCallToolResult } from '../entries/mcp.js';
import { toExposableError } from '../core/expose.js';
import { retry } from '../retry/retry.js';
import * as entry from '../entries/otel.js';
import {
  emitErrorLog,
  recordError,
  recordGovernorEvent,
  recordRetry,
  recordToolResult,
  toLogFields,
} from './index.js';
import { withFallback } from '../retry/fallback.js';
import { hedge } from '../retry/hedge.js';
import { MemoryRetryStateStore } from '../retry/memory-retry-state.js';
import { createManualClock } from '../../test/helpers/manual-clock.js';

const spans = new InMemorySpanExporter();
const tracer = new BasicTracerProvider({
  spanProcessors: [new SimpleSpanProcessor(spans)],
}).getTracer('agent-errors-test');
const logs = new InMemoryLogRecordExporter();
const logger = new LoggerProvider({
  processors: [new SimpleLogRecordProcessor({ exporter: logs })],
}).getLogger('agent-errors-test');

afterEach(() => {
  spans.reset();
  logs.reset();
});

/** Run `fn` in a span, end it, and return the span as exported. */
async function traced(fn: (span: Span) => unknown): Promise<ReadableSpan> {
  const span = tracer.startSpan('operation');
  try {
    await fn(span);
  } catch {
    // what the operation threw is recorded by `fn`
  }
  span.end();
  const finished = spans.getFinishedSpans();
  expect(finished).toHaveLength(1);
  return finished[0]!;
}

/** Everything a span ships, as one string, to look for secrets in. */
function shipped(span: ReadableSpan): string {
  return JSON.stringify({
    attributes: span.attributes,
    status: span.status,
    events: span.events.map((e) => ({ name: e.name, attributes: e.attributes })),
  });
}

const secretError = () =>
  new AgentError('upstream said 401 to Bearer abc.def.ghi reading /home/ana/.config/token.json', {
    category: 'auth',
    code: 'UPSTREAM_AUTH',
    details: { apiKey: 'sk-live-0123456789abcdef', channel: 'general' },
    cause: new Error('password=hunter2'),
  });

describe('recordError', () => {
  it('marks a real failure: error.type is the code, status Error with the message', async () => {
    const span = await traced((s) => {
      recordError(s, AgentError.rateLimited('Slack says slow down', { retryAfterMs: 2000 }));
    });
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: 'Slack says slow down' });
    expect(span.attributes).toEqual({
      'error.type': 'RATE_LIMITED',
      'error.category': 'rate_limit',
      'error.retryable': true,
      'error.retry_after_ms': 2000,
    });
    expect(span.events).toEqual([]);
  });

  it('classifies anything thrown, as toAgentError does, and returns that error', async () => {
    let returned: AgentError | undefined;
    const span = await traced((s) => {
      returned = recordError(
        s,
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      );
    });
    expect(returned?.category).toBe('unavailable');
    expect(span.attributes['error.type']).toBe(returned?.code);
    expect(span.attributes['error.category']).toBe('unavailable');
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
  });

  it('records nothing secret: sanitised message, no details, no cause, no stack', async () => {
    const span = await traced((s) => recordError(s, secretError()));
    expect(span.status.message).toBe('upstream said 401 to Bearer [REDACTED] reading [PATH]');
    const all = shipped(span);
    for (const secret of ['abc.def.ghi', 'sk-live', 'hunter2', '/home/ana', 'general', 'at '])
      expect(all).not.toContain(secret);
  });

  it('a cancel is not a failure: a cancellation event, status unset, no error.type', async () => {
    const span = await traced((s) => recordError(s, AbortSignal.abort().reason));
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
    expect(span.attributes).toEqual({});
    expect(span.events.map((e) => [e.name, e.attributes?.['error.category']])).toEqual([
      ['cancellation', 'cancelled'],
    ]);
  });

  it('a handled error is an event, and leaves the status alone', async () => {
    const span = await traced((s) => {
      recordError(s, AgentError.unavailable('primary down'), { handled: true });
    });
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
    expect(span.attributes).toEqual({});
    expect(span.events[0]?.name).toBe('handled_error');
    expect(span.events[0]?.attributes).toMatchObject({
      'error.type': 'UNAVAILABLE',
      'error.message': 'primary down',
    });
  });

  it('keeps error.type low-cardinality and secret-free: odd codes become _OTHER', async () => {
    for (const code of ['sk-live-0123456789abcdef', 'order 1234 failed', 'x'.repeat(65)]) {
      const span = await traced((s) => recordError(s, AgentError.internal('x', { code })));
      expect(span.attributes['error.type']).toBe('_OTHER');
      spans.reset();
    }
  });

  it('records the errorId an unexpected error was sent out with', async () => {
    const exposed = toExposableError(new Error('db password=hunter2'));
    const span = await traced((s) => recordError(s, exposed));
    expect(span.attributes['error.id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(span.attributes['error.id']).toBe(exposed.errorId);
  });

  it('writes nothing on a span that is not recording (ended, or not sampled)', () => {
    const calls: string[] = [];
    const span = {
      isRecording: () => false,
      setAttributes: () => calls.push('setAttributes'),
      setStatus: () => calls.push('setStatus'),
      addEvent: () => calls.push('addEvent'),
    };
    expect(recordError(span, AgentError.internal('late')).code).toBe('INTERNAL_ERROR');
    recordRetry(span, { error: AgentError.unavailable('down'), attempt: 1, delayMs: 5 });
    recordToolResult(span, { isError: true, content: [{ type: 'text', text: 'no' }] });
    expect(calls).toEqual([]);
  });
});

describe('recordRetry with retry()', () => {
  it('records each retried attempt as an event; a success leaves the status unset', async () => {
    let n = 0;
    const span = await traced((s) =>
      retry(
        () => {
          n++;
          if (n < 3) throw AgentError.unavailable(`attempt ${n} failed`, { retryAfterMs: 1 });
          return 'ok';
        },
        { onRetry: (event) => recordRetry(s, event) },
      ),
    );
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
    expect(span.attributes).toEqual({});
    expect(span.events.map((e) => e.attributes)).toEqual([
      {
        'error.type': 'UNAVAILABLE',
        'error.message': 'attempt 1 failed',
        'error.category': 'unavailable',
        'error.retryable': true,
        'error.retry_after_ms': 1,
        'retry.attempt': 1,
        'retry.delay_ms': 1,
      },
      expect.objectContaining({ 'retry.attempt': 2, 'error.message': 'attempt 2 failed' }),
    ]);
    expect(span.events.map((e) => e.name)).toEqual(['retry', 'retry']);
  });

  it('when retrying gives up, the operation fails with the last error', async () => {
    const span = await traced((s) =>
      retry(
        () => {
          throw AgentError.unavailable('still down', { retryAfterMs: 1 });
        },
        { maxAttempts: 2, onRetry: (event) => recordRetry(s, event) },
      ).catch((err: unknown) => {
        throw recordError(s, err);
      }),
    );
    expect(span.events.map((e) => e.name)).toEqual(['retry']);
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: 'still down' });
    expect(span.attributes['error.type']).toBe('UNAVAILABLE');
  });

  it('a retry aborted by its caller is a cancellation, not a failure', async () => {
    const controller = new AbortController();
    const span = await traced((s) =>
      retry(
        () => {
          controller.abort();
          throw AgentError.unavailable('down');
        },
        { signal: controller.signal },
      ).catch((err: unknown) => recordError(s, err)),
    );
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
    expect(span.events.map((e) => e.name)).toEqual(['cancellation']);
  });
});

describe('recordToolResult', () => {
  const server = new McpServer({ name: 'otel-test', version: '1.0.0' });
  server.registerTool('limited', {}, () =>
    toCallToolResult(AgentError.rateLimited('Too many searches', { retryAfterMs: 1500 })),
  );
  server.registerTool('fine', {}, () => ({ content: [{ type: 'text', text: 'found it' }] }));
  const client = new Client({ name: 'otel-test-client', version: '1.0.0' });

  beforeAll(async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  });
  afterAll(async () => {
    await client.close();
    await server.close();
  });

  it('a result with isError is a failed tool call: error.type tool_error', async () => {
    const result = await client.callTool({ name: 'limited', arguments: {} });
    let returned: AgentError | undefined;
    const span = await traced((s) => {
      returned = recordToolResult(s, result);
    });
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: 'Too many searches' });
    expect(span.attributes).toEqual({
      'error.type': 'tool_error',
      'error.category': 'rate_limit',
      'error.retryable': true,
      'error.retry_after_ms': 1500,
    });
    expect(returned?.code).toBe('RATE_LIMITED');
  });

  it('any other result records nothing', async () => {
    const result = await client.callTool({ name: 'fine', arguments: {} });
    const span = await traced((s) => {
      expect(recordToolResult(s, result)).toBeUndefined();
      expect(recordToolResult(s, null)).toBeUndefined();
    });
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
    expect(span.attributes).toEqual({});
    expect(span.events).toEqual([]);
  });
});

describe('logs', () => {
  it('toLogFields: flat fields named after the conventions, nothing secret', () => {
    expect(toLogFields(secretError())).toEqual({
      'error.type': 'UPSTREAM_AUTH',
      'error.message': 'upstream said 401 to Bearer [REDACTED] reading [PATH]',
      'error.category': 'auth',
      'error.retryable': false,
    });
    expect(toLogFields('MCP error -32001: Request timed out')).toMatchObject({
      'error.type': 'REQUEST_TIMEOUT',
      'error.category': 'timeout',
      'error.retryable': true,
    });
    expect(toLogFields(undefined)['error.category']).toBe('internal');
    expect(
      toLogFields({
        get message(): string {
          throw new Error('no');
        },
      })['error.type'],
    ).toBe('INTERNAL_ERROR');
  });

  it('emitErrorLog: one log record, severity by outcome, the fields as attributes', () => {
    emitErrorLog(logger, secretError());
    emitErrorLog(logger, AgentError.unavailable('primary down'), { handled: true });
    emitErrorLog(logger, AbortSignal.abort().reason);
    const records = logs.getFinishedLogRecords();
    expect(records.map((r) => [r.severityNumber, r.severityText, r.body])).toEqual([
      [17, 'ERROR', 'upstream said 401 to Bearer [REDACTED] reading [PATH]'],
      [13, 'WARN', 'primary down'],
      [9, 'INFO', expect.any(String)],
    ]);
    expect(records[0]?.attributes).toEqual(toLogFields(secretError()));
    expect(JSON.stringify(records.map((r) => r.attributes))).not.toContain('sk-live');
  });
});

describe('recordGovernorEvent with retry() and withFallback()', () => {
  it('records retries, the fallback and the open breaker as span events, status untouched', async () => {
    const state = new MemoryRetryStateStore();
    const span = await traced(async (s) => {
      const onEvent = (event: Parameters<typeof recordGovernorEvent>[1]) =>
        recordGovernorEvent(s, event);
      const primary = () =>
        retry(
          () => {
            throw AgentError.unavailable('primary down');
          },
          {
            target: 'otel-primary',
            state,
            breaker: { failureThreshold: 2 },
            maxAttempts: 2,
            baseDelayMs: 1,
            onEvent,
          },
        );
      // The first call fails twice and opens the breaker; the second is turned away by it.
      await withFallback(primary, [() => 'alternative'], { onEvent });
      await withFallback(primary, [() => 'alternative'], { onEvent });
    });
    expect(span.status).toEqual({ code: SpanStatusCode.UNSET });
    expect(span.events.map((e) => e.name)).toEqual([
      'retry',
      'circuit_breaker.state_change',
      'fallback',
      'circuit_breaker',
      'fallback',
    ]);
    expect(span.events[2]?.attributes).toMatchObject({
      'error.type': 'UNAVAILABLE',
      'fallback.from': 0,
      'fallback.to': 1,
    });
    expect(span.events[3]?.attributes).toEqual({
      'breaker.target': 'otel-primary',
      'breaker.state': 'open',
      'breaker.wait_ms': expect.any(Number),
    });
    expect(span.events[4]?.attributes).toMatchObject({ 'error.type': 'CIRCUIT_OPEN' });
  });

  it('records every breaker state change with its reason, and concurrency changes', async () => {
    const clock = createManualClock();
    const down = () => Promise.reject(AgentError.unavailable('down'));
    const span = await traced(async (s) => {
      const options = {
        target: 'otel-rates',
        clock,
        maxAttempts: 1,
        breaker: {
          failureRatio: 0.5,
          minimumThroughput: 2,
          windowCalls: 2,
          halfOpenAfterMs: 1_000,
        },
        concurrency: { maxConcurrent: 4 },
        onEvent: (event: Parameters<typeof recordGovernorEvent>[1]) =>
          recordGovernorEvent(s, event),
      };
      const call = (fn: () => Promise<unknown>) => retry(fn, options).catch(() => undefined);
      await call(down);
      await call(down); // 2 of 2 failed: open
      await clock.advance(1_000);
      await call(() => Promise.resolve('ok')); // the probe succeeds: closed
      await call(() =>
        Promise.reject(
          AgentError.rateLimited('Too many concurrent requests', {
            details: { limit: 'concurrency' },
          }),
        ),
      );
    });
    expect(span.status).toEqual({ code: SpanStatusCode.UNSET });
    const changes = span.events.filter((e) => e.name !== 'concurrency_limit');
    expect(changes.map((e) => e.attributes)).toEqual([
      {
        'breaker.target': 'otel-rates',
        'breaker.state': 'open',
        'breaker.previous_state': 'closed',
        'breaker.reason': 'failure_rate',
      },
      {
        'breaker.target': 'otel-rates',
        'breaker.state': 'half_open',
        'breaker.previous_state': 'open',
        'breaker.reason': 'break_elapsed',
      },
      {
        'breaker.target': 'otel-rates',
        'breaker.state': 'closed',
        'breaker.previous_state': 'half_open',
        'breaker.reason': 'probes_succeeded',
      },
    ]);
    expect(changes.every((e) => e.name === 'circuit_breaker.state_change')).toBe(true);
    expect(span.events.at(-1)).toMatchObject({
      name: 'concurrency_limit',
      attributes: {
        'concurrency.target': 'otel-rates',
        'concurrency.limit': 2,
        'concurrency.previous_limit': 4,
        'concurrency.reason': 'concurrency_limited',
      },
    });
  });

  it('records a hedge sent', async () => {
    const span = await traced(async (s) => {
      await hedge(
        ({ attempt, signal }) =>
          attempt === 1
            ? new Promise((_, reject) =>
                signal.addEventListener('abort', () => reject(signal.reason as Error)),
              )
            : 'second',
        { delayMs: 5, onEvent: (event) => recordGovernorEvent(s, event) },
      );
    });
    expect(span.events.map((e) => [e.name, e.attributes])).toEqual([
      ['hedge', { 'hedge.attempt': 2, 'hedge.delay_ms': 5 }],
    ]);
  });
});

describe('the entry', () => {
  it('exports six functions', () => {
    expect(Object.keys(entry).sort()).toEqual([
      'emitErrorLog',
      'recordError',
      'recordGovernorEvent',
      'recordRetry',
      'recordToolResult',
      'toLogFields',
    ]);
  });

  it('never loads or type-imports @opentelemetry/api: it only reads what it is given', () => {
    const here = dirname(fileURLToPath(import.meta.url));
    const seen = new Set<string>();
    const bare: string[] = [];
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      // Comments out first: an @example may import anything.
      const text = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      for (const [, spec] of text.matchAll(
        /^\s*(?:import|export)[^'"]*from\s+['"]([^'"]+)['"]/gm,
      )) {
        if (!spec!.startsWith('.')) bare.push(`${file}: ${spec}`);
        else visit(resolve(dirname(file), spec!.replace(/\.js$/, '.ts')));
      }
    };
    visit(join(here, '..', 'entries', 'otel.ts'));
    expect(bare).toEqual([]);
    expect(seen.size).toBeGreaterThan(4);
  });
});
