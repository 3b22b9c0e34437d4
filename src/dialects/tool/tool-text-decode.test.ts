import { describe, expect, it } from 'vitest';
import { fromToolErrorText } from './tool-text-decode.js';

describe('fromToolErrorText', () => {
  it('keeps every field of tool error text and the text itself in wire', () => {
    const text =
      '[ERROR code=RATE_LIMITED category=rate_limit retryable=true retryAfterMs=2000] Too many requests\n\n```json\n{"code":"RATE_LIMITED","category":"rate_limit","retryable":true,"retryAfterMs":2000}\n```';
    const err = fromToolErrorText(text);
    expect({ ...err, message: err.message }).toMatchObject({
      message: 'Too many requests',
      code: 'RATE_LIMITED',
      category: 'rate_limit',
      retryable: true,
      retryAfterMs: 2000,
      wire: { protocol: 'tool', code: 'RATE_LIMITED', message: text },
    });
  });

  it('classifies the bare [CODE] form by its code', () => {
    expect(fromToolErrorText('[NOT_FOUND] Channel "x" not found').category).toBe('not_found');
    expect(fromToolErrorText('[USER_NOT_FOUND] User "42"').category).toBe('not_found');
    const unknown = fromToolErrorText('[EXPORT_TOO_LARGE] Export exceeds 10,000 rows');
    expect([unknown.category, unknown.code, unknown.retryable]).toEqual([
      'internal',
      'EXPORT_TOO_LARGE',
      false,
    ]);
  });

  it('strips every MCP error prefix and keeps the first code', () => {
    const err = fromToolErrorText('MCP error -32602: MCP error -32602: bad');
    expect([err.message, err.category, err.code, err.details]).toEqual([
      'bad',
      'validation',
      'INVALID_PARAMS',
      { mcpErrorCode: -32602 },
    ]);
    expect(fromToolErrorText('MCP error -32001: Request timed out').retryable).toBe(true);
    expect(fromToolErrorText('MCP error -32602: Tool nope not found')).toMatchObject({
      category: 'not_found',
      code: 'TOOL_NOT_FOUND',
    });
    expect(fromToolErrorText('MCP error -32602: Prompt p disabled').code).toBe('PROMPT_DISABLED');
    expect(fromToolErrorText('MCP error -32602: Input validation error: x').category).toBe(
      'validation',
    );
    expect(fromToolErrorText('MCP error -32042: open this URL').category).toBe('auth');
  });

  it('applies the keyword rules in their order, not in the order the words occur', () => {
    // "not found" comes first in the text, but the rate-limit rule comes first in the list.
    expect(fromToolErrorText('User not found after we were rate limited').category).toBe(
      'rate_limit',
    );
    expect(fromToolErrorText('Not found; then it timed out').category).toBe('timeout');
    // Case and repeated calls do not matter (the combined pattern is global and stateful).
    expect(fromToolErrorText('SERVICE UNAVAILABLE').category).toBe('unavailable');
    expect(fromToolErrorText('SERVICE UNAVAILABLE').category).toBe('unavailable');
    expect(fromToolErrorText('all fine here').category).toBe('internal');
  });

  it('reads an unknown code by the words of the code and of the message, earliest rule first', () => {
    expect(fromToolErrorText('[ERROR code=UPSTREAM_TIMEOUT] Export failed').category).toBe(
      'timeout',
    );
    expect(fromToolErrorText('[ERROR code=EXPORT_FAILED] Request timed out').category).toBe(
      'timeout',
    );
    // The rate-limit rule comes before the not-found rule, wherever each matched.
    expect(fromToolErrorText('[ERROR code=USER_NOT_FOUND] we were rate limited').category).toBe(
      'rate_limit',
    );
  });

  it('finds the prefixes after leading white space, and only at the start', () => {
    expect(fromToolErrorText('  \tMCP error -32001: Request timed out').details).toEqual({
      mcpErrorCode: -32001,
    });
    expect(fromToolErrorText('\u00a0Tool dispatch error: not connected').details).toEqual({
      dispatchError: true,
    });
    expect(fromToolErrorText('Failed: MCP error -32001: x').details).toBeUndefined();
  });

  it('reads Tool dispatch error: and then the keywords', () => {
    const err = fromToolErrorText('Tool dispatch error: connection refused by extension');
    expect([err.category, err.retryable, err.details]).toEqual([
      'unavailable',
      true,
      { dispatchError: true },
    ]);
  });

  it.each([
    ['Rate limit exceeded, slow down', 'rate_limit', true],
    ['Too Many Requests', 'rate_limit', true],
    ['Request timed out after 30s', 'timeout', true],
    ['Not logged in — open the app and sign in first', 'auth', false],
    ['401 Unauthorized', 'auth', false],
    ['Permission denied for #general', 'permission', false],
    ['Channel "general" not found', 'not_found', false],
    ['Invalid argument: channel', 'validation', false],
    ['url is required', 'validation', false],
    ['Upstream overloaded', 'unavailable', true],
    ['Something odd happened', 'internal', false],
    ['', 'internal', false],
  ] as const)('classifies %j as %s', (text, category, retryable) => {
    const err = fromToolErrorText(text);
    expect([err.category, err.retryable]).toEqual([category, retryable]);
  });

  it('never throws, even for a non-string', () => {
    expect(fromToolErrorText(undefined as never).category).toBe('internal');
  });
});
