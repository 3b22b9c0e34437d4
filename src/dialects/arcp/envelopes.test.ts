import { describe, expect, it, vi } from 'vitest';
import { AgentError } from '../../core/agent-error.js';
import { decode, encode } from '../../index.js';
import {
  ARCPError,
  CancelledError,
  LeaseSubsetViolationError,
  PermissionDeniedError,
  TimeoutError,
  UnauthenticatedError,
} from './arcp-error.js';
import { jobError, readErrorEnvelope, sessionError, toolResultError } from './envelopes.js';
import { errorBoundary } from './error-boundary.js';
import {
  UpstreamARCPError,
  UpstreamPermissionDeniedError,
} from '../../../test/helpers/upstream-arcp.js';

// The seed's example of a failed tool call (ARCP §12, "Errors on a tool_result"):
//   await ctx.toolResult({ call_id: "fetch-1", error: { code: "INVALID_REQUEST",
//     message: "404 from upstream", details: { status: 404, url: input.url } } });
const SEED_ERROR = {
  code: 'INVALID_REQUEST',
  message: '404 from upstream',
  details: { status: 404, url: 'https://example.com/x' },
} as const;

describe('envelopes', () => {
  // agentruntimecontrolprotocol/typescript-sdk: packages/runtime/src/job.ts `emitEventKind` sends
  // `{ type: 'job.event', payload: { kind, ts: nowTimestamp(), body } }`, and the runtime's
  // `toolResult(body)` is `emitEventKind('tool_result', body)`; packages/core/src/envelope.ts
  // `buildEnvelope` starts every envelope with `arcp: PROTOCOL_VERSION` ("1.1") and `id`.
  it('writes a failed tool call as ARCP sends it: a job.event of kind tool_result', () => {
    expect(
      toolResultError('fetch-1', SEED_ERROR, {
        id: 'msg_01',
        session_id: 'sess_1',
        job_id: 'job_1',
        event_seq: 12,
        ts: '2026-05-13T19:42:13Z',
      }),
    ).toStrictEqual({
      arcp: '1.1',
      id: 'msg_01',
      type: 'job.event',
      session_id: 'sess_1',
      job_id: 'job_1',
      event_seq: 12,
      payload: {
        kind: 'tool_result',
        ts: '2026-05-13T19:42:13Z',
        body: { call_id: 'fetch-1', error: SEED_ERROR },
      },
    });
    const fresh = toolResultError('fetch-1', new TimeoutError('slow'));
    expect(fresh.id).toMatch(/^msg_./);
    expect(new Date(fresh.payload.ts).toISOString()).toBe(fresh.payload.ts);
    expect(fresh.payload.body.error).toEqual({ code: 'TIMEOUT', message: 'slow', retryable: true });
    expect(() => toolResultError('', new TimeoutError('x'))).toThrow(
      /callId must be a non-empty string/,
    );
    expect(() => toolResultError('c', new TimeoutError('x'), { id: '' })).toThrow(
      'toolResultError: envelope.id must be a non-empty string; received ""',
    );
    expect(() => toolResultError('c', new TimeoutError('x'), { event_seq: -1 })).toThrow(
      'toolResultError: envelope.event_seq must be an integer >= 0; received number -1',
    );
    expect(() => toolResultError('c', { code: 'NOPE', message: 'x' } as never)).toThrow(
      /toolResultError: error must be an ARCPError or an ErrorPayload/,
    );
  });

  it('builds session.error and job.error with arcp and id', () => {
    expect(
      sessionError(new UnauthenticatedError('token failed verification'), {
        id: 'msg_2',
        session_id: 's1',
      }),
    ).toStrictEqual({
      arcp: '1.1',
      id: 'msg_2',
      type: 'session.error',
      session_id: 's1',
      payload: { code: 'UNAUTHENTICATED', message: 'token failed verification', retryable: false },
    });
    const job = jobError(new TimeoutError('max_runtime_sec'), { job_id: 'j1', event_seq: 4 });
    expect(job).toMatchObject({
      arcp: '1.1',
      id: expect.stringMatching(/^msg_/),
      type: 'job.error',
      job_id: 'j1',
      event_seq: 4,
      payload: {
        code: 'TIMEOUT',
        message: 'max_runtime_sec',
        retryable: true,
        final_status: 'timed_out',
      },
    });
    expect(jobError(new CancelledError('job.cancel')).payload.final_status).toBe('cancelled');
    expect(jobError(new ARCPError('INVALID_REQUEST', 'x')).payload.final_status).toBe('error');
    expect(jobError(SEED_ERROR).payload).toEqual({ ...SEED_ERROR, final_status: 'error' });
    expect(() => jobError(new TimeoutError('x'), { final_status: 'done' as never })).toThrow(
      /final_status must be one of/,
    );
  });

  it('carries a payload the caller built as it is: details kept and redacted, nothing added', () => {
    expect(toolResultError('fetch-1', SEED_ERROR).payload.body.error).toStrictEqual(SEED_ERROR);
    expect(encode(SEED_ERROR, 'arcp')).toStrictEqual(SEED_ERROR);
    expect(
      encode(SEED_ERROR, 'arcp', { envelope: 'tool_result', callId: 'fetch-1' }),
    ).toMatchObject({
      type: 'job.event',
      payload: { kind: 'tool_result', body: { error: SEED_ERROR } },
    });
    expect(
      encode(
        { code: 'PERMISSION_DENIED', message: 'denied', details: { token: 't0ps3cret' } },
        'arcp',
      ),
    ).toStrictEqual({
      code: 'PERMISSION_DENIED',
      message: 'denied',
      details: { token: '[REDACTED]' },
    });
    // A retryable the caller set rides as it is, unless the protocol pins the code.
    expect(encode({ code: 'TIMEOUT', message: 'x', retryable: false }, 'arcp')).toStrictEqual({
      code: 'TIMEOUT',
      message: 'x',
      retryable: false,
    });
    expect(
      encode({ code: 'BUDGET_EXHAUSTED', message: 'x', retryable: true }, 'arcp'),
    ).toStrictEqual({ code: 'BUDGET_EXHAUSTED', message: 'x', retryable: false });
    // And it reads back as what it says.
    expect(decode(encode(SEED_ERROR, 'arcp'), { from: 'arcp' })).toMatchObject({
      code: 'INVALID_REQUEST',
      category: 'validation',
      details: SEED_ERROR.details,
    });
  });

  it('reads a failed tool call in all three forms', () => {
    const forms = {
      // What ARCP sends.
      event: toolResultError('fetch-1', SEED_ERROR),
      // ARCP §12's prose: `tool_result.body.error`.
      seed: { type: 'tool_result', body: { call_id: 'fetch-1', error: SEED_ERROR } },
      // This library's earlier form.
      earlier: { type: 'tool_result', payload: { call_id: 'fetch-1', error: SEED_ERROR } },
    };
    for (const form of Object.values(forms)) {
      const read = readErrorEnvelope(JSON.parse(JSON.stringify(form)));
      expect(read.ok && [read.type, read.callId, read.error.code, read.error.details]).toEqual([
        'tool_result',
        'fetch-1',
        'INVALID_REQUEST',
        SEED_ERROR.details,
      ]);
      expect(read.ok && read.error).toBeInstanceOf(ARCPError);
      expect(decode(form)).toMatchObject({ code: 'INVALID_REQUEST', category: 'validation' });
    }
  });

  it('reads each envelope back into the right subclass', () => {
    const session = readErrorEnvelope(sessionError(new UnauthenticatedError('bad token')));
    expect(session.ok && session.error).toBeInstanceOf(UnauthenticatedError);
    const job = readErrorEnvelope(JSON.parse(JSON.stringify(jobError(new TimeoutError('slow')))));
    expect(job.ok && [job.error instanceof TimeoutError, job.finalStatus]).toEqual([
      true,
      'timed_out',
    ]);
    const tool = readErrorEnvelope(toolResultError('c1', new PermissionDeniedError('denied')));
    expect(tool.ok && [tool.error instanceof PermissionDeniedError, tool.callId]).toEqual([
      true,
      'c1',
    ]);
  });

  it('names the problems of a bad envelope', () => {
    expect(
      readErrorEnvelope({
        type: 'tool_result',
        payload: { call_id: 'c', result: 1, error: { code: 'TIMEOUT', message: 'x' } },
      }),
    ).toEqual({
      ok: false,
      problems: ['tool_result body must not carry both result and error'],
    });
    expect(
      readErrorEnvelope({ type: 'tool_result', payload: { call_id: 'c', result: 1 } }),
    ).toEqual({
      ok: false,
      problems: ['tool_result body carries no error'],
    });
    expect(
      readErrorEnvelope({
        type: 'job.event',
        payload: { kind: 'tool_result', ts: 't', body: { call_id: 'c', result: 1 } },
      }),
    ).toEqual({ ok: false, problems: ['tool_result body carries no error'] });
    expect(
      readErrorEnvelope({ type: 'job.event', payload: { kind: 'log', ts: 't', body: {} } }),
    ).toEqual({
      ok: false,
      problems: ['job.event.payload.kind must be tool_result to carry an error; received "log"'],
    });
    expect(
      readErrorEnvelope({
        type: 'job.event',
        payload: {
          kind: 'tool_result',
          body: { call_id: 'c', error: { code: 'TIMEOUT', message: '' } },
        },
      }),
    ).toEqual({
      ok: false,
      problems: ['job.event.payload.body.error.message must be a non-empty string; received ""'],
    });
    expect(readErrorEnvelope({ type: 'job.error', payload: { code: 'TIMEOUT' } })).toEqual({
      ok: false,
      problems: ['job.error.payload.message must be a non-empty string; received undefined'],
    });
    expect(readErrorEnvelope({ type: 'job.done' })).toEqual({
      ok: false,
      problems: [
        'envelope.type must be session.error, job.error, job.event (kind tool_result) or tool_result; received "job.done"',
      ],
    });
    expect(readErrorEnvelope('x')).toEqual({ ok: false, problems: ['envelope must be an object'] });
  });
});

describe('errorBoundary', () => {
  it('passes results through', async () => {
    const run = errorBoundary((n: number) => n * 2);
    await expect(run(21)).resolves.toEqual({ ok: true, value: 42 });
  });

  it('turns an ARCPError into a job.error with its code', async () => {
    const run = errorBoundary(
      (input: { url?: string }) => {
        if (!input.url) throw new ARCPError('INVALID_REQUEST', 'url is required');
        return input.url;
      },
      { job_id: 'j1' },
    );
    const outcome = await run({});
    expect(outcome.ok === false && outcome.envelope).toMatchObject({
      arcp: '1.1',
      type: 'job.error',
      job_id: 'j1',
      payload: {
        code: 'INVALID_REQUEST',
        message: 'url is required',
        retryable: false,
        final_status: 'error',
      },
    });
  });

  it('turns anything else into INTERNAL_ERROR with a sanitised message, reported to onError', async () => {
    const onError = vi.fn();
    const boom = new Error('cannot read /home/ana/.ssh/id_rsa.pem, password=hunter22');
    const run = errorBoundary(
      async () => {
        await Promise.resolve();
        throw boom;
      },
      { onError },
    );
    const outcome = await run();
    if (outcome.ok) throw new Error('expected a failure');
    expect(outcome.envelope.type).toBe('job.error');
    const payload = outcome.envelope.payload as unknown as {
      code: string;
      message: string;
      details: { errorId: string };
    };
    expect(payload.code).toBe('INTERNAL_ERROR');
    expect(payload.message).toBe('cannot read [PATH], password=[REDACTED]');
    expect(onError).toHaveBeenCalledWith(boom, { errorId: payload.details.errorId });
    const thrownString = await errorBoundary(() => {
      throw 'just a string';
    })();
    expect(!thrownString.ok && thrownString.error.message).toBe('just a string');
  });

  it('returns permission and lease failures as tool_result errors when answering a tool call', async () => {
    const run = errorBoundary(
      (_: { callId: string }, kind: string) => {
        if (kind === 'lease') throw new LeaseSubsetViolationError('child lease wider than parent');
        if (kind === 'perm') throw new PermissionDeniedError('net.fetch denied');
        throw new TimeoutError('slow');
      },
      { callId: (call) => call.callId },
    );
    const lease = await run({ callId: 'd1' }, 'lease');
    expect(!lease.ok && lease.envelope).toMatchObject({
      type: 'job.event',
      payload: {
        kind: 'tool_result',
        body: {
          call_id: 'd1',
          error: {
            code: 'LEASE_SUBSET_VIOLATION',
            message: 'child lease wider than parent',
            retryable: false,
          },
        },
      },
    });
    const perm = await run({ callId: 'd2' }, 'perm');
    expect(!perm.ok && perm.envelope.type).toBe('job.event');
    const timeout = await run({ callId: 'd3' }, 'timeout');
    expect(!timeout.ok && timeout.envelope.type).toBe('job.error');
  });

  it('converts an AgentError by its category', async () => {
    const outcome = await errorBoundary(() => {
      throw AgentError.quotaExceeded('budget gone');
    })();
    expect(!outcome.ok && outcome.error.code).toBe('BUDGET_EXHAUSTED');
  });

  it("knows an ARCP error by brand or shape: upstream's classes, a second package copy, a clone", async () => {
    // A fresh module registry loads this folder again: a second copy of the package, whose
    // classes are not ours for `instanceof` (as two installed copies would be).
    vi.resetModules();
    const copy = await import('./index.js');
    expect(new copy.PermissionDeniedError('x')).not.toBeInstanceOf(ARCPError);
    const thrown: [string, unknown][] = [
      ['upstream @arcp/core', new UpstreamPermissionDeniedError('net.fetch denied')],
      ['a second copy of agent-errors', new copy.PermissionDeniedError('net.fetch denied')],
      [
        'a structured clone',
        {
          ...structuredClone(new PermissionDeniedError('net.fetch denied')),
          code: 'PERMISSION_DENIED',
          message: 'net.fetch denied',
          retryable: false,
        },
      ],
    ];
    for (const [, error] of thrown) {
      const run = errorBoundary(
        () => {
          throw error;
        },
        { callId: 'c1', onError: () => undefined },
      );
      const outcome = await run();
      expect(!outcome.ok && outcome.envelope).toMatchObject({
        type: 'job.event',
        payload: {
          kind: 'tool_result',
          body: {
            call_id: 'c1',
            error: { code: 'PERMISSION_DENIED', message: 'net.fetch denied', retryable: false },
          },
        },
      });
    }
    const upstreamTimeout = new UpstreamARCPError({
      code: 'TIMEOUT',
      message: 'slow',
      details: { s: 5 },
    });
    const outcome = await errorBoundary(() => {
      throw upstreamTimeout;
    })();
    expect(!outcome.ok && outcome.envelope.payload).toMatchObject({
      code: 'TIMEOUT',
      message: 'slow',
      retryable: true,
      details: { s: 5 },
    });
    expect(
      !outcome.ok && (outcome.envelope.payload as { details?: object }).details,
    ).not.toHaveProperty('errorId');
  });
});

describe('reading envelopes', () => {
  // ARCP §12: per-error overrides ride on the payload's `retryable`. A code this table does not
  // list (a newer peer's) keeps its code and `retryable`, inside an envelope as on its own.
  it.each(['job.error', 'session.error'])(
    'keeps an unknown code and its retryable inside %s',
    (type) => {
      for (const retryable of [true, false]) {
        const payload = { code: 'QUOTA_GONE', message: 'out of gas', retryable };
        const bare = decode(payload);
        const wrapped = decode({ arcp: '1.1', id: 'm1', type, job_id: 'j1', payload });
        expect([wrapped.code, wrapped.retryable, wrapped.category]).toEqual([
          'QUOTA_GONE',
          retryable,
          bare.category,
        ]);
        expect(bare.code).toBe('QUOTA_GONE');
      }
    },
  );

  // Upstream's envelope.ts: `trace_id` is a W3C trace id, 32 lowercase hex characters.
  it('checks trace_id as upstream does', () => {
    const e = new TimeoutError('slow');
    const good = '4bf92f3577b34da6a3ce929d0e0e4736';
    expect(jobError(e, { trace_id: good })).toMatchObject({ trace_id: good });
    for (const bad of ['4BF92F3577B34DA6A3CE929D0E0E4736', 'abc', `${good}0`, '', 42]) {
      expect(() => jobError(e, { trace_id: bad as string })).toThrow(
        /envelope\.trace_id must be 32 lowercase hex characters/,
      );
    }
    expect(() => errorBoundary(() => 1, { trace_id: 'nope' })).toThrow(/options\.trace_id/);
  });
});
