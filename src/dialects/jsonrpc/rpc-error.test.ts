import { describe, expect, it, vi } from 'vitest';
import { AgentError } from '../../core/agent-error.js';
import {
  WIRE_HINTS_KEY,
  decodeRpcError,
  detailsFromData,
  encodeRpcError,
  exposableError,
  isRpcErrorObject,
  needsWireHints,
  readRpcErrorObject,
  readWireHints,
} from './rpc-error.js';

describe('readRpcErrorObject', () => {
  it('reads an error object, a response, or an error instance', () => {
    expect(readRpcErrorObject({ code: 1, message: 'm' }, 'f')).toStrictEqual({
      code: 1,
      message: 'm',
    });
    expect(
      readRpcErrorObject({ jsonrpc: '2.0', id: 1, error: { code: 2, message: 'n', data: 0 } }, 'f'),
    ).toStrictEqual({ code: 2, message: 'n', data: 0 });
    const instance = Object.assign(new Error('boom'), { code: -32603, data: { a: 1 } });
    expect(readRpcErrorObject(instance, 'f')).toStrictEqual({
      code: -32603,
      message: 'boom',
      data: { a: 1 },
    });
  });

  it('names what is wrong', () => {
    expect(() => readRpcErrorObject(null, 'decodeX')).toThrow(/decodeX: expected .* received null/);
    expect(() => readRpcErrorObject({ error: 'x' }, 'f')).toThrow(
      /response\.error must be an object/,
    );
    expect(() => readRpcErrorObject({ code: 1.5, message: 'x' }, 'f')).toThrow(
      /error\.code must be an integer; received number 1\.5/,
    );
    expect(isRpcErrorObject({ code: 1, message: 2 })).toBe(false);
  });
});

describe('wire hints', () => {
  it('keeps only well-formed fields from a peer', () => {
    expect(
      readWireHints({
        [WIRE_HINTS_KEY]: { code: '', category: 'fatal', retryable: 'yes', retryAfterMs: -1 },
      }),
    ).toStrictEqual({});
    expect(readWireHints({ [WIRE_HINTS_KEY]: { category: 'quota' } })).toStrictEqual({
      category: 'quota',
    });
    expect(readWireHints([1])).toBeUndefined();
  });

  it('a hinted category without retryable takes that category’s default', () => {
    const e = decodeRpcError(
      'jsonrpc',
      { code: -32603, message: 'x', data: { [WIRE_HINTS_KEY]: { category: 'unavailable' } } },
      { category: 'internal', code: 'INTERNAL_ERROR' },
    );
    expect([e.category, e.retryable, e.code]).toEqual(['unavailable', true, 'INTERNAL_ERROR']);
    expect(e.details).toBeUndefined();
  });

  it('details: data without the hints key, non-objects wrapped', () => {
    expect(detailsFromData({ a: 1, [WIRE_HINTS_KEY]: {} })).toStrictEqual({ a: 1 });
    expect(detailsFromData('x')).toStrictEqual({ data: 'x' });
    expect(detailsFromData(null)).toBeUndefined();
  });

  it('needsWireHints tells when a code loses information', () => {
    const c = { category: 'timeout', code: 'TIMEOUT' } as const;
    expect(needsWireHints(AgentError.timeout('x'), c)).toBe(false);
    expect(needsWireHints(AgentError.timeout('x', { retryable: false }), c)).toBe(true);
    expect(needsWireHints(AgentError.timeout('x', { retryAfterMs: 1 }), c)).toBe(true);
  });

  it('encodes from wire only for the same protocol', () => {
    const decoded = decodeRpcError(
      'mcp',
      { code: -32001, message: 'slow' },
      { category: 'timeout', code: 'REQUEST_TIMEOUT' },
    );
    const classify = () => ({ category: 'internal', code: 'INTERNAL_ERROR' }) as const;
    expect(encodeRpcError('mcp', decoded, -32603, classify)).toStrictEqual({
      code: -32001,
      message: 'slow',
    });
    expect(encodeRpcError('acp', decoded, -32603, classify).data).toStrictEqual({
      [WIRE_HINTS_KEY]: { code: 'REQUEST_TIMEOUT', category: 'timeout', retryable: true },
    });
  });
});

describe('exposableError', () => {
  it('passes AgentErrors, classifies aborts, hides the rest', () => {
    const ours = AgentError.conflict('x');
    expect(exposableError(ours)).toBe(ours);
    expect(exposableError(new DOMException('stop', 'AbortError')).category).toBe('cancelled');
    const onError = vi.fn();
    const hidden = exposableError('raw string with token=abcdef', { onError });
    expect(hidden).toMatchObject({ message: 'Internal error', category: 'internal' });
    expect(onError).toHaveBeenCalledWith('raw string with token=abcdef', hidden.errorId);
  });
});

describe('decodeRpcError reads hints from data of any make', () => {
  const classification = { category: 'internal', code: 'INTERNAL_ERROR' } as const;
  const hints = { [WIRE_HINTS_KEY]: { code: 'SLOW', category: 'rate_limit', retryAfterMs: 5 } };
  const relayed = { code: 'RATE_LIMITED', category: 'rate_limit', retryable: true, page: 2 };

  it('plain data, data without a prototype and a class instance alike', () => {
    class Data {
      constructor(fields: object) {
        Object.assign(this, fields);
      }
    }
    const makes = [
      (fields: object) => ({ ...fields }),
      (fields: object) => Object.assign(Object.create(null) as object, fields),
      (fields: object) => new Data(fields),
    ];
    for (const make of makes) {
      const ours = decodeRpcError(
        'jsonrpc',
        { code: -32603, message: 'm', data: make(hints) },
        classification,
      );
      expect([ours.category, ours.code, ours.retryable, ours.retryAfterMs]).toEqual([
        'rate_limit',
        'SLOW',
        true,
        5,
      ]);
      expect(ours.details).toBeUndefined();
      const tool = decodeRpcError(
        'mcp',
        { code: -32603, message: 'm', data: make(relayed) },
        classification,
      );
      expect([tool.category, tool.code, tool.retryable]).toEqual([
        'rate_limit',
        'RATE_LIMITED',
        true,
      ]);
      expect(tool.details).toEqual({ page: 2 });
      // Data with neither our key nor a code is the details as it came.
      const plain = make({ uri: 'file:///a' });
      const none = decodeRpcError(
        'acp',
        { code: -32603, message: 'm', data: plain },
        classification,
      );
      expect([none.category, none.code, none.retryable]).toEqual([
        'internal',
        'INTERNAL_ERROR',
        false,
      ]);
      expect(none.details).toBe(plain);
    }
  });
});
