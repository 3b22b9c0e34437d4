import { describe, expect, it, vi } from 'vitest';
import { AgentError } from '../../core/agent-error.js';
import { fromCallToolResult } from './call-tool-result.js';
import { toCallToolResult } from '../../entries/mcp.js';

describe('toCallToolResult', () => {
  it('writes the tool error text into an isError result', () => {
    const result = toCallToolResult(
      AgentError.rateLimited('Too many requests', { code: 'RATE_LIMITED', retryAfterMs: 2000 }),
    );
    expect(result).toEqual({
      isError: true,
      content: [
        {
          type: 'text',
          text: '[ERROR code=RATE_LIMITED category=rate_limit retryable=true retryAfterMs=2000] Too many requests\n\n```json\n{"code":"RATE_LIMITED","category":"rate_limit","retryable":true,"retryAfterMs":2000}\n```',
        },
      ],
    });
    expect(result).not.toHaveProperty('structuredContent');
  });

  it('adds structuredContent on request', () => {
    const result = toCallToolResult(
      AgentError.quotaExceeded('Budget gone', { details: { limit: 10, token: 'abc12345' } }),
      { structured: true },
    );
    expect(result.structuredContent).toEqual({
      error: {
        code: 'QUOTA_EXCEEDED',
        category: 'quota',
        retryable: false,
        details: { limit: 10, token: '[REDACTED]' },
        message: 'Budget gone',
      },
    });
  });

  it('hides an unexpected error behind an errorId and reports it', () => {
    const onError = vi.fn();
    const boom = new Error('db password=hunter22 at /home/app/db.js');
    const result = toCallToolResult(boom, { onError });
    const text = result.content[0].text;
    expect(text).toMatch(
      /^\[ERROR code=INTERNAL_ERROR category=internal retryable=false\] Internal error/,
    );
    expect(text).not.toContain('hunter22');
    const [reported, errorId] = onError.mock.calls[0] as [unknown, string];
    expect(reported).toBe(boom);
    expect(fromCallToolResult(result).details).toEqual({ errorId });
  });

  it('keeps the category of errors it can classify, with the message sanitised', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    const back = fromCallToolResult(toCallToolResult(refused));
    expect([back.category, back.code, back.retryable]).toEqual([
      'unavailable',
      'ECONNREFUSED',
      true,
    ]);
  });
});

describe('fromCallToolResult', () => {
  it('round-trips every field, with and without structuredContent', () => {
    const original = new AgentError('Channel "x" is archived', {
      category: 'conflict',
      code: 'CHANNEL_ARCHIVED',
      retryable: true,
      retryAfterMs: 1500,
      details: { channel: 'x' },
    });
    for (const structured of [false, true]) {
      const back = fromCallToolResult(toCallToolResult(original, { structured }));
      expect(back).toMatchObject({
        message: original.message,
        code: 'CHANNEL_ARCHIVED',
        category: 'conflict',
        retryable: true,
        retryAfterMs: 1500,
        details: { channel: 'x' },
      });
      expect(back.wire?.protocol).toBe('tool');
    }
  });

  it('decodes text-only errors as the MCP SDK makes them', () => {
    const result = {
      isError: true,
      content: [
        {
          type: 'text',
          text: 'MCP error -32602: Input validation error: Invalid arguments for tool post',
        },
      ],
    };
    const err = fromCallToolResult(result);
    expect([err.category, err.code]).toEqual(['validation', 'INVALID_PARAMS']);
    expect(err.wire?.data).toBe(result);
  });

  it('reads a flat structuredContent with opentabs fields', () => {
    const err = fromCallToolResult({
      isError: true,
      content: [],
      structuredContent: { code: 'TIMEOUT', category: 'timeout', retryable: true, message: 'slow' },
    });
    expect([err.message, err.category, err.retryable]).toEqual(['slow', 'timeout', true]);
  });

  it('rejects what is not a failed tool result, naming the problem', () => {
    expect(() => fromCallToolResult(null)).toThrow(
      /result must be a CallToolResult object; received null/,
    );
    expect(() => fromCallToolResult({ content: [] })).toThrow(/result\.isError must be true/);
  });
});
