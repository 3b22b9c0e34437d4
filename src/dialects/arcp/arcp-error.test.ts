import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeMessage } from '../../core/sanitize-message.js';
import { decode, encode } from '../../index.js';
import {
  ARCPError,
  ARCP_ERROR_CLASSES,
  HeartbeatLostError,
  InternalError,
  LeaseExpiredError,
  PermissionDeniedError,
  TimeoutError,
  BudgetExhaustedError,
  createARCPError,
  isArcpError,
} from './arcp-error.js';
import { ARCP_ERRORS, ARCP_ERROR_CODES, isRetryableByDefault } from './codes.js';
import { fromPayload, toPayload, validateErrorPayload } from './payload.js';

// Seed 004's table: code, class, retryable.
const SEED_TABLE = [
  ['INVALID_REQUEST', 'InvalidRequestError', false],
  ['UNAUTHENTICATED', 'UnauthenticatedError', false],
  ['PERMISSION_DENIED', 'PermissionDeniedError', false],
  ['JOB_NOT_FOUND', 'JobNotFoundError', false],
  ['AGENT_NOT_AVAILABLE', 'AgentNotAvailableError', false],
  ['AGENT_VERSION_NOT_AVAILABLE', 'AgentVersionNotAvailableError', false],
  ['CANCELLED', 'CancelledError', false],
  ['TIMEOUT', 'TimeoutError', true],
  ['INTERNAL_ERROR', 'InternalError', true],
  ['LEASE_SUBSET_VIOLATION', 'LeaseSubsetViolationError', false],
  ['LEASE_EXPIRED', 'LeaseExpiredError', false],
  ['BUDGET_EXHAUSTED', 'BudgetExhaustedError', false],
  ['RESUME_WINDOW_EXPIRED', 'ResumeWindowExpiredError', false],
  ['HEARTBEAT_LOST', 'HeartbeatLostError', true],
  ['DUPLICATE_KEY', 'DuplicateKeyError', false],
] as const;

describe('ARCP codes and classes (seed 004)', () => {
  it('has exactly the fifteen codes of the table', () => {
    expect([...ARCP_ERROR_CODES]).toEqual(SEED_TABLE.map(([code]) => code));
  });

  it.each(SEED_TABLE)('%s → %s, retryable by default: %s', (code, className, retryable) => {
    expect(isRetryableByDefault(code)).toBe(retryable);
    const Class = ARCP_ERROR_CLASSES[code];
    expect(Class.name).toBe(className);
    const err = new Class('m');
    expect(err).toBeInstanceOf(ARCPError);
    expect(err).toBeInstanceOf(Error);
    expect([err.name, err.code, err.message, err.retryable]).toEqual([
      className,
      code,
      'm',
      retryable,
    ]);
  });

  it('lets retryable be overridden except where the protocol pins it', () => {
    expect(new TimeoutError('x', { retryable: false }).retryable).toBe(false);
    expect(new PermissionDeniedError('x', { retryable: true }).retryable).toBe(true);
    expect(new LeaseExpiredError('x', { retryable: true }).retryable).toBe(false);
    expect(new BudgetExhaustedError('x', { retryable: true }).retryable).toBe(false);
    expect(new InternalError('x', { retryable: false }).retryable).toBe(true);
    expect(fromPayload({ code: 'INTERNAL_ERROR', message: 'x', retryable: false }).retryable).toBe(
      true,
    );
  });

  it('reproduces the seed examples', () => {
    const invalid = new ARCPError('INVALID_REQUEST', 'url is required');
    expect([invalid.code, invalid.message, invalid.retryable]).toEqual([
      'INVALID_REQUEST',
      'url is required',
      false,
    ]);
    const denied = new PermissionDeniedError('net.fetch denied for s3://other/', {
      details: { capability: 'net.fetch', target: 's3://other/' },
    });
    expect(toPayload(denied)).toEqual({
      code: 'PERMISSION_DENIED',
      message: 'net.fetch denied for s3://other/',
      retryable: false,
      details: { capability: 'net.fetch', target: 's3://other/' },
    });
    // "Adding context to a client-side rethrow": details stay extensible.
    const received = fromPayload(toPayload(denied));
    received.details = { ...received.details, jobId: 'job-7' };
    expect(received.details).toEqual({
      capability: 'net.fetch',
      target: 's3://other/',
      jobId: 'job-7',
    });
    // "Catching on the client"
    const err: unknown = fromPayload({ code: 'TIMEOUT', message: 'max_runtime_sec' });
    expect(
      err instanceof ARCPError && (err.code === 'TIMEOUT' || isRetryableByDefault(err.code)),
    ).toBe(true);
    expect(err).toBeInstanceOf(TimeoutError);
  });

  it('rejects bad arguments naming them', () => {
    expect(() => new ARCPError('NOPE' as never, 'm')).toThrow(
      /ARCPError: code must be one of INVALID_REQUEST/,
    );
    expect(() => new TimeoutError('m', { retryable: 'no' as never })).toThrow(
      /options\.retryable must be a boolean/,
    );
    expect(() => new TimeoutError('m', { details: [] as never })).toThrow(/options\.details/);
  });

  it('recognises copies by brand or shape', () => {
    expect(isArcpError(JSON.parse(JSON.stringify(toPayload(new TimeoutError('x')))))).toBe(true);
    expect(isArcpError({ code: 'TIMEOUT', message: 'x', retryable: true })).toBe(true);
    expect(isArcpError({ code: 'TIMEOUT', message: 'x' })).toBe(false);
    expect(isArcpError(new InternalError('x'))).toBe(true);
  });
});

describe('ErrorPayload', () => {
  it('validates, naming every problem', () => {
    expect(validateErrorPayload({ code: 'TIMEOUT', message: 'x' })).toEqual({
      ok: true,
      payload: { code: 'TIMEOUT', message: 'x' },
    });
    const bad = validateErrorPayload({ code: 'NOPE', message: 1, retryable: 'yes', details: [] });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.problems).toEqual([
      expect.stringMatching(/^payload\.code must be one of INVALID_REQUEST, .*; received "NOPE"$/),
      'payload.message must be a non-empty string; received number 1',
      'payload.retryable must be a boolean when present; received "yes"',
      'payload.details must be an object when present; received an array',
    ]);
    expect(validateErrorPayload(null)).toEqual({
      ok: false,
      problems: ['payload must be an object; received null'],
    });
    expect(() => fromPayload({ code: 'TIMEOUT' })).toThrow(
      'fromPayload: payload.message must be a non-empty string; received undefined',
    );
  });

  // ARCP's ErrorPayloadSchema (agentruntimecontrolprotocol/typescript-sdk,
  // packages/core/src/errors.ts): `message: Schema.String.pipe(Schema.nonEmptyString())`.
  it("refuses an empty message, as ARCP does; the encoders send the code's meaning instead", () => {
    expect(validateErrorPayload({ code: 'TIMEOUT', message: '' })).toEqual({
      ok: false,
      problems: ['payload.message must be a non-empty string; received ""'],
    });
    expect(() => fromPayload({ code: 'TIMEOUT', message: '' })).toThrow(/non-empty string/);
    expect(toPayload(new TimeoutError(''))).toEqual({
      code: 'TIMEOUT',
      message: 'Wall-clock max_runtime_sec tripped',
      retryable: true,
    });
    expect(encode({ code: 'HEARTBEAT_LOST', message: '' }, 'arcp')).toEqual({
      code: 'HEARTBEAT_LOST',
      message: 'Two consecutive missed pongs',
    });
    expect(encode(new HeartbeatLostError(''), 'arcp', { envelope: 'job.error' })).toMatchObject({
      payload: { message: 'Two consecutive missed pongs' },
    });
    // A decoder never refuses: the code still says what happened.
    expect(decode({ code: 'HEARTBEAT_LOST', message: '' }, { from: 'arcp' })).toMatchObject({
      category: 'unavailable',
      retryable: true,
    });
  });

  // ARCP §12 (agentruntimecontrolprotocol/spec, docs/draft-arcp-1.1.md): "Error payloads carry a
  // `retryable` boolean"; upstream's ErrorPayloadSchema requires it. Per-error overrides ride on
  // it, except where the protocol pins the code.
  it('always writes retryable, the override where there is one, and redacts', () => {
    expect(toPayload(new TimeoutError('x'))).toEqual({
      code: 'TIMEOUT',
      message: 'x',
      retryable: true,
    });
    expect(toPayload(new TimeoutError('x', { retryable: false }))).toEqual({
      code: 'TIMEOUT',
      message: 'x',
      retryable: false,
    });
    expect(toPayload({ code: 'LEASE_EXPIRED', message: 'x', retryable: true }).retryable).toBe(
      false,
    );
    expect(
      toPayload(
        new InternalError('failed at /home/ana/app/x.ts with sk-live-abcdefgh1234', {
          details: { token: 't0ps3cret' },
        }),
      ),
    ).toEqual({
      code: 'INTERNAL_ERROR',
      message: 'failed at /home/ana/app/x.ts with [REDACTED]',
      retryable: true,
      details: { token: '[REDACTED]' },
    });
    const failed = new InternalError('failed at /home/ana/app/x.ts with sk-live-abcdefgh1234');
    expect(toPayload(failed, { maskPaths: true }).message).toBe('failed at [PATH] with [REDACTED]');
  });

  it('fromPayload(toPayload(e)) gives back the same class and fields for every code', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ARCP_ERROR_CODES),
        fc.string({ maxLength: 80 }),
        fc.option(fc.boolean(), { nil: undefined }),
        fc.option(
          // Keys that name no secret (a number under `pw` or `pin` is redacted).
          fc.dictionary(fc.stringMatching(/^k[0-9]{1,5}$/), fc.oneof(fc.integer(), fc.boolean())),
          { nil: undefined },
        ),
        (code, message, retryable, details) => {
          const original = createARCPError(code, message, {
            ...(retryable !== undefined ? { retryable } : {}),
            ...(details !== undefined ? { details } : {}),
          });
          const back = fromPayload(JSON.parse(JSON.stringify(toPayload(original))));
          expect(back.constructor).toBe(original.constructor);
          expect(back.name).toBe(original.name);
          expect(back.code).toBe(code);
          // An intended message keeps its paths (maskPaths is off by default on the wire).
          expect(back.message).toBe(
            sanitizeMessage(message, { maskPaths: false }) || ARCP_ERRORS[code].meaning,
          );
          expect(back.retryable).toBe(original.retryable);
          // Empty details are left out, as upstream leaves them out.
          const sent = original.details && Object.keys(original.details).length > 0;
          expect(back.details).toEqual(sent ? original.details : undefined);
        },
      ),
    );
  });
});
