import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AgentError } from '../../core/agent-error.js';
import { ERROR_CATEGORIES } from '../../core/categories.js';
import { encode, toAgentError } from '../../index.js';
import { MemoryIdempotencyStore, withIdempotency } from '../../idempotency/index.js';
import { RetryError, retry } from '../../retry/index.js';
import {
  DuplicateKeyError,
  HeartbeatLostError,
  InternalError,
  PermissionDeniedError,
  TimeoutError,
} from './arcp-error.js';
import { ARCP_ERROR_CODES } from './codes.js';
import { arcpErrorToAgentError, decodeArcpError, encodeArcpError, toArcpError } from './convert.js';
import { jobError } from './envelopes.js';

describe('ARCP ⇄ hub', () => {
  it.each([
    ['INVALID_REQUEST', 'validation', false],
    ['UNAUTHENTICATED', 'auth', false],
    ['PERMISSION_DENIED', 'permission', false],
    ['LEASE_SUBSET_VIOLATION', 'permission', false],
    ['LEASE_EXPIRED', 'permission', false],
    ['JOB_NOT_FOUND', 'not_found', false],
    ['AGENT_NOT_AVAILABLE', 'not_found', false],
    ['AGENT_VERSION_NOT_AVAILABLE', 'not_found', false],
    ['RESUME_WINDOW_EXPIRED', 'not_found', false],
    ['CANCELLED', 'cancelled', false],
    ['TIMEOUT', 'timeout', true],
    ['INTERNAL_ERROR', 'internal', true],
    ['BUDGET_EXHAUSTED', 'quota', false],
    ['HEARTBEAT_LOST', 'unavailable', true],
    ['DUPLICATE_KEY', 'conflict', false],
  ] as const)(
    '%s decodes to %s (retryable %s) per the mapping table',
    (code, category, retryable) => {
      const hub = decodeArcpError({ code, message: 'm' });
      expect([hub.code, hub.category, hub.retryable]).toEqual([code, category, retryable]);
      expect(hub.wire).toEqual({
        protocol: 'arcp',
        code,
        message: 'm',
        data: { code, message: 'm' },
      });
    },
  );

  it('keeps the cause and reads envelopes', () => {
    const err = new HeartbeatLostError('two pongs missed');
    expect(arcpErrorToAgentError(err).cause).toBe(err);
    expect(decodeArcpError(jobError(new TimeoutError('slow'))).category).toBe('timeout');
    expect(() => arcpErrorToAgentError({} as never)).toThrow(/must be an ARCPError/);
  });

  it('keeps in details what ARCP cannot say', () => {
    const err = toArcpError(AgentError.rateLimited('slow down', { retryAfterMs: 500 }));
    expect(err).toBeInstanceOf(InternalError);
    expect(err.details).toEqual({
      agentCode: 'RATE_LIMITED',
      agentCategory: 'rate_limit',
      retryAfterMs: 500,
    });
    const denied = toArcpError(
      AgentError.permissionDenied('no', { details: { capability: 'fs.write' } }),
    );
    expect(denied).toBeInstanceOf(PermissionDeniedError);
    expect(denied.details).toEqual({ capability: 'fs.write' });
    const pinned = toArcpError(new AgentError('gone', { category: 'internal', retryable: false }));
    expect([pinned.retryable, pinned.details]).toEqual([true, { agentRetryable: false }]);
  });

  it('gives back code, category, retryable and retryAfterMs for any hub error', () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            code: fc.oneof(
              fc.constantFrom(...ARCP_ERROR_CODES),
              fc.stringMatching(/^[A-Z][A-Z_]{0,15}$/),
            ),
            category: fc.constantFrom(...ERROR_CATEGORIES),
            retryable: fc.boolean(),
            retryAfterMs: fc.nat({ max: 100_000 }),
            // Keys that name no secret (`pw: 0` is redacted, as a number under a secret key).
            details: fc.dictionary(fc.stringMatching(/^k[0-9]{1,5}$/), fc.integer()),
          },
          { requiredKeys: ['code', 'category', 'retryable'] },
        ),
        (init) => {
          const original = new AgentError('m', init);
          const back = decodeArcpError(JSON.parse(JSON.stringify(encodeArcpError(original))));
          expect(back.code).toBe(original.code);
          expect(back.category).toBe(original.category);
          expect(back.retryable).toBe(original.retryable);
          expect(back.retryAfterMs).toBe(original.retryAfterMs);
          expect(back.details ?? {}).toEqual(original.details ?? {});
          // decode → encode for ARCP is lossless
          expect(encodeArcpError(back)).toEqual(encodeArcpError(original));
        },
      ),
    );
  });

  it('decodes anything else through the general normaliser, never throwing', () => {
    expect(decodeArcpError(null).category).toBe('internal');
    expect(decodeArcpError({ type: 'job.error', payload: 'x' }).category).toBe('internal');
    expect(decodeArcpError(AgentError.conflict('c')).category).toBe('conflict');
  });
});

// ARCP §12's table (agentruntimecontrolprotocol/spec, docs/draft-arcp-1.1.md; the seed's copy):
// "HEARTBEAT_LOST  HeartbeatLostError  Two consecutive missed pongs (v1.1).  Yes" and
// "DUPLICATE_KEY  DuplicateKeyError  Idempotency key collision with conflicting input.  No".
// Every ARCP class classifies itself through the hub's hook, so every consumer agrees.
describe('every consumer sees an ARCP class as the hub does', () => {
  const lost = () => new HeartbeatLostError('Two consecutive missed pongs');
  const duplicate = () =>
    new DuplicateKeyError('key weekly-report-2026-W19 reused with other input');

  it('toAgentError: HEARTBEAT_LOST is unavailable and retryable, DUPLICATE_KEY a conflict', () => {
    expect(toAgentError(lost())).toMatchObject({
      code: 'HEARTBEAT_LOST',
      category: 'unavailable',
      retryable: true,
    });
    expect(toAgentError(duplicate())).toMatchObject({
      code: 'DUPLICATE_KEY',
      category: 'conflict',
      retryable: false,
    });
  });

  it('encode(e, "http"): 409 for DUPLICATE_KEY, 503 for HEARTBEAT_LOST, not 500', () => {
    expect(encode(duplicate(), 'http').status).toBe(409);
    expect(encode(lost(), 'http').status).toBe(503);
  });

  it('retry: retries HEARTBEAT_LOST, stops at once on DUPLICATE_KEY', async () => {
    let calls = 0;
    const seen: string[] = [];
    const value = await retry(
      () => {
        calls += 1;
        if (calls === 1) throw lost();
        return 'done';
      },
      // A lost heartbeat leaves the outcome unknown: it is retried when the call is idempotent.
      {
        baseDelayMs: 0,
        idempotencyKey: 'job-42',
        onRetry: ({ error }) => void seen.push(error.category),
      },
    );
    expect([value, calls, seen]).toEqual(['done', 2, ['unavailable']]);

    let attempts = 0;
    const stopped = await retry(
      () => {
        attempts += 1;
        throw duplicate();
      },
      { baseDelayMs: 0 },
    ).catch((e: unknown) => e);
    expect(attempts).toBe(1);
    expect(stopped).toBeInstanceOf(RetryError);
    expect(stopped).toMatchObject({ code: 'DUPLICATE_KEY', category: 'conflict' });
  });

  it('withIdempotency: a DUPLICATE_KEY is the key’s outcome, a HEARTBEAT_LOST runs again', async () => {
    let runs = 0;
    const handler = withIdempotency(new MemoryIdempotencyStore(), (params: { fail: string }) => {
      runs += 1;
      throw params.fail === 'duplicate' ? duplicate() : lost();
    });
    const call = (fail: string, key: string) =>
      handler({ fail }, { idempotencyKey: key }).catch((e: unknown) => toAgentError(e));

    // Not retryable and a verdict on the input: kept, and replayed to the same key.
    expect(await call('duplicate', 'k1')).toMatchObject({ category: 'conflict' });
    expect(await call('duplicate', 'k1')).toMatchObject({
      code: 'DUPLICATE_KEY',
      category: 'conflict',
    });
    expect(runs).toBe(1);
    // Retryable: not kept, so the retry with the same key runs.
    expect(await call('lost', 'k2')).toMatchObject({ category: 'unavailable', retryable: true });
    expect(await call('lost', 'k2')).toMatchObject({ category: 'unavailable', retryable: true });
    expect(runs).toBe(3);
  });
});
