import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AgentError } from '../../core/agent-error.js';
import { formatModelErrorText, modelSafeCode, nextStepText } from './model-text.js';
import { formatToolErrorText, parseToolErrorText } from './tool-text.js';
import { fromToolErrorText } from './tool-text-decode.js';
import { schemaFailureError } from '../schema/issues.js';
import { ERROR_CATEGORIES } from '../../core/categories.js';

describe('formatModelErrorText', () => {
  it('writes the hub category and a next step, and parses back', () => {
    const err = AgentError.rateLimited('Too many requests', { retryAfterMs: 2000 });
    const text = formatModelErrorText(err);
    expect(text.split('\n').slice(0, 2)).toEqual([
      '[ERROR code=RATE_LIMITED category=rate_limit retryable=true retryAfterMs=2000] Too many requests',
      'Next step: Wait 2 s, then call this tool again.',
    ]);
    expect(parseToolErrorText(text)).toMatchObject({
      code: 'RATE_LIMITED',
      category: 'rate_limit',
      retryable: true,
      retryAfterMs: 2000,
      message: 'Too many requests',
    });
  });

  it('keeps every one of the twelve categories through a round trip', () => {
    for (const category of ERROR_CATEGORIES) {
      const err = new AgentError(`failed: ${category}`, { category, captureStack: false });
      const back = fromToolErrorText(formatModelErrorText(err));
      expect(back.category).toBe(category);
      expect(back.code).toBe(err.code);
      expect(back.retryable).toBe(err.retryable);
    }
  });

  it('names the first schema issue in the next step, sanitised', () => {
    const err = schemaFailureError([
      { path: ['limit'], message: 'must be ≤ 100' },
      { path: ['q'], message: 'Required' },
    ]);
    const text = formatModelErrorText(err);
    expect(text).toContain('Next step: Fix `limit` (must be ≤ 100), then call this tool again.');
    const leaky = schemaFailureError([
      { path: ['token'], message: 'bad value Bearer abcdefghijklmnop1234' },
    ]);
    expect(formatModelErrorText(leaky)).not.toContain('abcdefghijklmnop1234');
  });

  it('never writes a secret from the message; keeps its paths unless maskPaths asks', () => {
    const err = AgentError.internal(
      'open /home/alice/.ssh/id_rsa failed, token=ghp_0123456789abcdefghijklmnopqrstuvwxyzAB',
    );
    const text = formatModelErrorText(err);
    expect(text).toContain('open /home/alice/.ssh/id_rsa failed');
    expect(text).not.toContain('ghp_0123456789');
    const masked = formatModelErrorText(err, { maskPaths: true });
    expect(masked).toContain('open [PATH] failed');
    expect(masked).not.toContain('ghp_0123456789');
  });

  it('writes the same text with and without the frame kept for a code', () => {
    // The first call of each case writes the frame, the second may reuse it: both must be the
    // text written from scratch, whatever changed since (category, delay, subject, message).
    const cases: [AgentError, { subject?: string } | undefined][] = [
      [AgentError.rateLimited('Busy', { code: 'SAME', retryAfterMs: 2000 }), undefined],
      [AgentError.rateLimited('Busy', { code: 'SAME', retryAfterMs: 3000 }), undefined],
      [AgentError.rateLimited('Busy', { code: 'SAME', retryAfterMs: 3000 }), { subject: 'search' }],
      [AgentError.rateLimited('Other\nlines', { code: 'SAME', retryable: false }), undefined],
      [AgentError.auth('Log in', { code: 'SAME' }), undefined],
      [AgentError.auth('Log in', { code: 'SAME', details: { errorId: 'e-1' } }), undefined],
      [
        new AgentError('Gone', { category: 'not_found', code: 'SAME', captureStack: false }),
        undefined,
      ],
    ];
    const texts = cases.map(([err, options]) => {
      const first = formatModelErrorText(err, options);
      expect(formatModelErrorText(err, options)).toBe(first);
      return first;
    });
    expect(new Set(texts).size).toBe(cases.length);
    expect(texts[1]).toContain(
      'retryAfterMs=3000] Busy\nNext step: Wait 3 s, then call this tool again.',
    );
    expect(texts[2]).toContain('then call search again.');
    expect(parseToolErrorText(texts[3]!)).toMatchObject({
      message: 'Other\nlines',
      retryable: false,
    });
    expect(texts[4]).toContain('category=auth');
    expect(parseToolErrorText(texts[5]!)?.details).toEqual({ errorId: 'e-1' });
    // Many codes (more than are kept) still each get their own text.
    for (let i = 0; i < 600; i++) {
      const err = AgentError.timeout(`slow ${i}`, { code: `SLOW_${i % 300}` });
      expect(parseToolErrorText(formatModelErrorText(err))).toMatchObject({
        code: `SLOW_${i % 300}`,
        message: `slow ${i}`,
      });
    }
  });

  it('reuses the last text of a kept frame only for the same message under the default rules', () => {
    const err = AgentError.rateLimited('user=bob password=hunter2 in /home/ana/notes.txt', {
      code: 'MEMO_LAST',
      retryAfterMs: 1000,
    });
    const first = formatModelErrorText(err);
    expect(first).not.toContain('hunter2');
    expect(first).toContain('/home/ana/notes.txt');
    expect(formatModelErrorText(err)).toBe(first);
    expect(formatModelErrorText(err, { maskPaths: true })).not.toContain('/home/ana');
    // Other rules are never answered from the kept text, and do not replace it.
    const keys = formatModelErrorText(err, { redactKeys: ['user'] });
    expect(keys).not.toContain('bob');
    expect(formatModelErrorText(err, { maxLength: 12 })).toContain('] user=bob …\n');
    expect(formatModelErrorText(err)).toBe(first);
    const other = AgentError.rateLimited('another message', {
      code: 'MEMO_LAST',
      retryAfterMs: 1000,
    });
    expect(formatModelErrorText(other)).toContain('] another message\n');
    expect(formatModelErrorText(err)).toBe(first);
    // Options read once: a getter that answers "default" first and something else later does
    // not make text written under other rules the one kept (review finding).
    const leaky = AgentError.auth('login failed password=hunter2secret', { code: 'MEMO_OPTS' });
    let reads = 0;
    const shifty = {
      get allowKeys() {
        return reads++ === 0 ? undefined : ['password'];
      },
    };
    expect(formatModelErrorText(leaky, shifty as { allowKeys?: string[] })).not.toContain(
      'hunter2secret',
    );
    expect(formatModelErrorText(leaky)).not.toContain('hunter2secret');
    // Whatever the sequence, the text is the one written from scratch (an explicit default
    // length takes the path that keeps nothing).
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('MEMO_A', 'MEMO_B'), fc.string({ maxLength: 40 })), {
          maxLength: 12,
        }),
        (calls) => {
          for (const [code, message] of calls) {
            const e = AgentError.timeout(message, { code, captureStack: false });
            expect(formatModelErrorText(e)).toBe(formatModelErrorText(e, { maxLength: 2_000 }));
          }
        },
      ),
    );
  });

  it('keeps no frame for a long code or a subject that is not text (review findings)', () => {
    // A subject that is an object is read on every call, as it was before frames were kept.
    let name = 'search';
    const subject = { toString: () => name } as unknown as string;
    const err = AgentError.rateLimited('Busy', { code: 'SUBJ_OBJ', retryAfterMs: 2000 });
    expect(formatModelErrorText(err, { subject })).toContain('call search again');
    name = 'post';
    expect(formatModelErrorText(err, { subject })).toContain('call post again');
    // A code longer than any shown is written as its category's code and not kept.
    const long = 'X'.repeat(100_000);
    const text = formatModelErrorText({ message: 'm', code: long, category: 'internal' });
    expect(text).toContain('code=INTERNAL_ERROR');
    expect(text).not.toContain('XXXX');
  });

  it('reads each field of the error once: a getter cannot change what was checked', () => {
    let reads = 0;
    const shifty = {
      message: 'Boom',
      category: 'internal' as const,
      retryable: false,
      get code() {
        reads++;
        return reads === 1 ? 'PLAIN_CODE' : '/home/ana/.ssh/id_rsa';
      },
    };
    const text = formatModelErrorText(shifty);
    expect(reads).toBe(1);
    expect(text).toContain('code=PLAIN_CODE');
    expect(text).not.toContain('/home/ana');
  });

  it('leaves the seed format untouched', () => {
    const err = AgentError.unavailable('Upstream down');
    expect(formatToolErrorText(err)).not.toContain('Next step');
    expect(formatToolErrorText(err)).toContain(
      'category=timeout retryable=true agentCategory=unavailable]',
    );
    expect(formatModelErrorText(err)).toContain('category=unavailable retryable=true]');
  });
});

describe('nextStepText', () => {
  it('follows the error before its category', () => {
    expect(nextStepText({ category: 'auth' })).toBe(
      'Ask the user to sign in, then call this tool again.',
    );
    expect(nextStepText({ category: 'quota' })).toContain('do not call this tool again');
    expect(nextStepText({ category: 'internal', retryable: true, retryAfterMs: 90_000 })).toBe(
      'Wait 2 min, then call this tool again.',
    );
    expect(nextStepText({ category: 'internal', errorId: 'abc-1' })).toBe(
      'Do not retry; tell the user (error id abc-1).',
    );
    expect(nextStepText({ category: 'timeout', retryable: false }, 'the search tool')).toBe(
      'Do not call the search tool again now; tell the user.',
    );
  });
});

describe('modelSafeCode', () => {
  it('keeps a plain name, and writes any other code as its category code', () => {
    expect(modelSafeCode('LOGIN_EXPIRED', 'auth')).toBe('LOGIN_EXPIRED');
    expect(modelSafeCode('tool.search:busy-1', 'rate_limit')).toBe('tool.search:busy-1');
    expect(modelSafeCode('/home/alice/.ssh/id_rsa', 'not_found')).toBe('NOT_FOUND');
    expect(modelSafeCode('ghp_0123456789abcdefghijklmnopqrstuvwxyzAB', 'auth')).toBe('AUTH_ERROR');
    expect(modelSafeCode('AKIAIOSFODNN7EXAMPLE', 'auth')).toBe('AUTH_ERROR');
    expect(modelSafeCode('x'.repeat(65), 'timeout')).toBe('TIMEOUT');
    expect(modelSafeCode('two words', 'nonsense')).toBe('INTERNAL_ERROR');
  });

  it('is the code formatModelErrorText writes, in the header and the JSON block', () => {
    const err = new AgentError('Export failed', {
      category: 'unavailable',
      code: '/srv/app/exports/q3.csv',
      captureStack: false,
    });
    const text = formatModelErrorText(err);
    expect(text).not.toContain('/srv/app');
    expect(parseToolErrorText(text)?.code).toBe('UNAVAILABLE');
  });
});
