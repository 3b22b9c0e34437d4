import { describe, expect, it, vi } from 'vitest';
import { AgentError } from '../../core/agent-error.js';
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

describe('envelopes', () => {
  it('builds session.error, job.error and tool_result errors', () => {
    expect(
      sessionError(new UnauthenticatedError('token failed verification'), { session_id: 's1' }),
    ).toEqual({
      type: 'session.error',
      session_id: 's1',
      payload: { code: 'UNAUTHENTICATED', message: 'token failed verification' },
    });
    expect(jobError(new TimeoutError('max_runtime_sec'), { job_id: 'j1' })).toEqual({
      type: 'job.error',
      job_id: 'j1',
      payload: { code: 'TIMEOUT', message: 'max_runtime_sec', final_status: 'timed_out' },
    });
    expect(jobError(new CancelledError('job.cancel')).payload.final_status).toBe('cancelled');
    expect(jobError(new ARCPError('INVALID_REQUEST', 'x')).payload.final_status).toBe('error');
    // Seed 004's tool_result example.
    expect(
      toolResultError(
        'fetch-1',
        new ARCPError('INVALID_REQUEST', '404 from upstream', {
          details: { status: 404, url: 'https://example.com/x' },
        }),
      ),
    ).toEqual({
      type: 'tool_result',
      payload: {
        call_id: 'fetch-1',
        error: {
          code: 'INVALID_REQUEST',
          message: '404 from upstream',
          details: { status: 404, url: 'https://example.com/x' },
        },
      },
    });
    expect(() => toolResultError('', new TimeoutError('x'))).toThrow(
      /callId must be a non-empty string/,
    );
    expect(() => jobError(new TimeoutError('x'), { final_status: 'done' as never })).toThrow(
      /final_status must be one of/,
    );
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
    const bodyForm = readErrorEnvelope({
      type: 'tool_result',
      body: { call_id: 'c2', error: { code: 'TIMEOUT', message: 'x' } },
    });
    expect(bodyForm.ok && bodyForm.callId).toBe('c2');
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
    expect(readErrorEnvelope({ type: 'job.error', payload: { code: 'TIMEOUT' } })).toEqual({
      ok: false,
      problems: ['job.error.payload.message must be a string; received undefined'],
    });
    expect(readErrorEnvelope({ type: 'job.done' })).toEqual({
      ok: false,
      problems: [
        'envelope.type must be session.error, job.error or tool_result; received "job.done"',
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
    expect(outcome.ok === false && outcome.envelope).toEqual({
      type: 'job.error',
      job_id: 'j1',
      payload: { code: 'INVALID_REQUEST', message: 'url is required', final_status: 'error' },
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
      throw 'just a string'; // eslint-disable-line @typescript-eslint/only-throw-error
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
    expect(!lease.ok && lease.envelope).toEqual({
      type: 'tool_result',
      payload: {
        call_id: 'd1',
        error: { code: 'LEASE_SUBSET_VIOLATION', message: 'child lease wider than parent' },
      },
    });
    const perm = await run({ callId: 'd2' }, 'perm');
    expect(!perm.ok && perm.envelope.type).toBe('tool_result');
    const timeout = await run({ callId: 'd3' }, 'timeout');
    expect(!timeout.ok && timeout.envelope.type).toBe('job.error');
  });

  it('converts an AgentError by its category', async () => {
    const outcome = await errorBoundary(() => {
      throw AgentError.quotaExceeded('budget gone');
    })();
    expect(!outcome.ok && outcome.error.code).toBe('BUDGET_EXHAUSTED');
  });
});
