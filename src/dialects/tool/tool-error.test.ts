import { describe, expect, expectTypeOf, it } from 'vitest';
import { ToolError, isToolError, reviveToolError, toolErrorFields } from './tool-error.js';
import type { ErrorCategory } from './tool-error.js';
import { decode, encode, toAgentError } from '../../index.js';

describe('ToolError (seed 002)', () => {
  it.each([
    ['auth', ToolError.auth('m'), 'AUTH_ERROR', 'auth', false],
    ['notFound', ToolError.notFound('m'), 'NOT_FOUND', 'not_found', false],
    ['rateLimited', ToolError.rateLimited('m'), 'RATE_LIMITED', 'rate_limit', true],
    ['validation', ToolError.validation('m'), 'VALIDATION_ERROR', 'validation', false],
    ['timeout', ToolError.timeout('m'), 'TIMEOUT', 'timeout', true],
    ['internal', ToolError.internal('m'), 'INTERNAL_ERROR', 'internal', false],
  ] as const)('%s() sets the factory table values', (_, err, code, category, retryable) => {
    expect([err.code, err.category, err.retryable, err.retryAfterMs]).toEqual([
      code,
      category,
      retryable,
      undefined,
    ]);
    expect(err).toBeInstanceOf(ToolError);
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe('ToolError');
    expect(err.message).toBe('m');
  });

  it('factories take a domain-specific code; rateLimited takes a delay first', () => {
    expect(ToolError.notFound('User "42" not found', 'USER_NOT_FOUND').code).toBe('USER_NOT_FOUND');
    expect(ToolError.auth('x', 'SESSION_EXPIRED').code).toBe('SESSION_EXPIRED');
    const limited = ToolError.rateLimited('Rate limited by Slack API', 2000, 'SLACK_LIMIT');
    expect([limited.retryAfterMs, limited.code]).toEqual([2000, 'SLACK_LIMIT']);
  });

  it('constructor defaults retryable to false and leaves category unset', () => {
    const err = new ToolError('Export exceeds 10,000 row limit', 'EXPORT_TOO_LARGE');
    expect([err.retryable, err.category, err.retryAfterMs]).toEqual([false, undefined, undefined]);
    const custom = new ToolError('Export exceeds 10,000 row limit', 'EXPORT_TOO_LARGE', {
      category: 'validation',
      retryable: false,
    });
    expect(custom.category).toBe('validation');
  });

  it('has the seed types', () => {
    expectTypeOf<ErrorCategory>().toEqualTypeOf<
      'auth' | 'rate_limit' | 'not_found' | 'validation' | 'internal' | 'timeout'
    >();
    expectTypeOf<Parameters<typeof ToolError.rateLimited>>().toEqualTypeOf<
      [message: string, retryAfterMs?: number | undefined, code?: string | undefined]
    >();
    expectTypeOf<ToolError['retryAfterMs']>().toEqualTypeOf<number | undefined>();
  });

  it('rejects bad arguments with a message naming them', () => {
    expect(() => new ToolError('m', '')).toThrow('ToolError: code must be a non-empty string');
    expect(() => new ToolError('m', 'C', { category: 'quota' as never })).toThrow(
      /opts\.category must be one of auth, rate_limit/,
    );
    expect(() => new ToolError('m', 'C', { retryAfterMs: '5' as never })).toThrow(
      /opts\.retryAfterMs/,
    );
    expect(() => new ToolError('m', 'C', { retryable: 'yes' as never })).toThrow(/opts\.retryable/);
  });

  // Upstream types the delay as `number` and stores it as given: an odd one must not make an error
  // path throw. It is kept on the instance; only a finite delay >= 0 goes out or reaches the hub.
  it.each([Number.NaN, -1, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    'rateLimited(message, %s) stores the delay and sends none',
    (delay) => {
      const err = ToolError.rateLimited('slow down', delay);
      expect(err.retryAfterMs).toBe(delay);
      expect(toolErrorFields(err).retryAfterMs).toBeUndefined();
      expect(toAgentError(err).retryAfterMs).toBeUndefined();
      expect(encode(err, 'tool')).not.toMatch(/retryAfterMs/);
      expect(decode(encode(err, 'tool'))).toMatchObject({
        category: 'rate_limit',
        retryable: true,
      });
    },
  );

  it('never decorates the message and keeps the cause', () => {
    const cause = new Error('root');
    const err = new ToolError('plain', 'C', { cause });
    expect(err.message).toBe('plain');
    expect(err.cause).toBe(cause);
    expect(String(err)).toBe('ToolError: plain');
  });
});

describe('ToolError across clone and JSON boundaries', () => {
  const original = ToolError.rateLimited('Too many requests', 2000);

  it('structuredClone of the error itself keeps only the message (V8), so send its fields', () => {
    const cloned = structuredClone(original) as unknown as Record<string, unknown>;
    expect(cloned.code).toBeUndefined();
    const fields = structuredClone(toolErrorFields(original));
    expect(isToolError(fields)).toBe(true);
    expect(fields).toEqual({
      name: 'ToolError',
      message: 'Too many requests',
      code: 'RATE_LIMITED',
      retryable: true,
      retryAfterMs: 2000,
      category: 'rate_limit',
    });
    const revived = reviveToolError(fields);
    expect(revived).toBeInstanceOf(ToolError);
    expect(toolErrorFields(revived as ToolError)).toEqual(fields);
  });

  it('JSON.stringify writes the fields, and the copy is recognised by shape', () => {
    const copy: unknown = JSON.parse(JSON.stringify(original));
    expect(isToolError(copy)).toBe(true);
    expect(reviveToolError(copy)?.retryAfterMs).toBe(2000);
  });

  it('is recognised by brand from another copy of the package', () => {
    const foreign = Object.create(Error.prototype) as object;
    Object.defineProperty(foreign, Symbol.for('agent-errors.ToolError'), { value: true });
    expect(isToolError(foreign)).toBe(true);
  });

  it('rejects what is not one', () => {
    for (const v of [
      null,
      'x',
      {},
      { message: 'm', code: 'C' },
      { message: 'm', code: 'C', retryable: true, category: 'fatal' },
    ]) {
      expect(isToolError(v)).toBe(false);
      expect(reviveToolError(v)).toBeUndefined();
    }
  });

  it('redacts details in its fields', () => {
    const err = new ToolError('m', 'C', { details: { password: 'hunter22', id: 1 } });
    expect(toolErrorFields(err).details).toEqual({ password: '[REDACTED]', id: 1 });
  });
});
