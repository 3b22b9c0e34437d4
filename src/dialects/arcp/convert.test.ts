import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AgentError } from '../../core/agent-error.js';
import { ERROR_CATEGORIES } from '../../core/categories.js';
import {
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
            details: fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), fc.integer()),
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
