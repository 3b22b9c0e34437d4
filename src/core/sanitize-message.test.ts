import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeMessage } from './sanitize-message.js';

describe('sanitizeMessage', () => {
  it('masks local file paths but keeps URLs and API routes', () => {
    expect(sanitizeMessage('ENOENT: open /home/ana/.config/app/token.json')).toBe(
      'ENOENT: open [PATH]',
    );
    expect(sanitizeMessage('at run (/srv2/app/dist/index.js:12:5)')).toBe('at run ([PATH])');
    expect(sanitizeMessage('see C:\\Users\\ana\\secrets.txt now')).toBe('see [PATH] now');
    expect(sanitizeMessage('load file:///etc/passwd failed')).toBe('load [PATH] failed');
    expect(sanitizeMessage('in ~/notes/todo.md')).toBe('in [PATH]');
    expect(sanitizeMessage('GET https://api.example.com/home/v1 returned 404')).toBe(
      'GET https://api.example.com/home/v1 returned 404',
    );
    expect(sanitizeMessage('POST /api/v1/messages failed; 10 req/s and/or more')).toBe(
      'POST /api/v1/messages failed; 10 req/s and/or more',
    );
  });

  it('masks secrets and URL credentials', () => {
    expect(sanitizeMessage('token sk-ant-abcdefghijklmnop at postgres://u:pw1234@db:5432/x')).toBe(
      'token [REDACTED] at postgres://u:[REDACTED]@db:5432/x',
    );
  });

  it('bounds the length and is idempotent', () => {
    expect(sanitizeMessage('abcdef', { maxLength: 4 })).toBe('abc…');
    expect(() => sanitizeMessage('x', { maxLength: 0 })).toThrow(/maxLength/);
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.integer({ min: 1, max: 200 }), (s, max) => {
        const once = sanitizeMessage(s, { maxLength: max });
        expect(once.length).toBeLessThanOrEqual(max);
        expect(sanitizeMessage(once, { maxLength: max })).toBe(once);
      }),
    );
  });
});
