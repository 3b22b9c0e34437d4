import { describe, expect, it } from 'vitest';
import { contentLength, ndjson } from './framing.js';
import type { Framing } from './framing.js';

const enc = new TextEncoder();

function collect(framing: Framing, max = 1_000) {
  const messages: string[] = [];
  const oversized: number[] = [];
  const decoder = framing.createDecoder(
    { message: (t) => messages.push(t), oversized: (n) => oversized.push(n) },
    max,
  );
  return { decoder, messages, oversized };
}

describe('ndjson', () => {
  it('cuts lines across chunks, bytes or text, and tolerates \\r\\n and blank lines', () => {
    const { decoder, messages } = collect(ndjson);
    const bytes = enc.encode('{"a":"é"}\r\n\n{"b":2}\n{"c"');
    // Split inside the two-byte "é" to check multi-byte characters survive.
    decoder.push(bytes.subarray(0, 7));
    decoder.push(bytes.subarray(7));
    decoder.push(':3}\n');
    decoder.push('{"d":4}');
    decoder.end();
    expect(messages.map((m): unknown => JSON.parse(m))).toEqual([
      { a: 'é' },
      { b: 2 },
      { c: 3 },
      { d: 4 },
    ]);
  });

  it('skips an oversized line, reports it once, and reads the next one', () => {
    const { decoder, messages, oversized } = collect(ndjson, 10);
    decoder.push('{"big":"');
    decoder.push('x'.repeat(50));
    decoder.push('x'.repeat(50));
    decoder.push('"}\n{"ok":1}\n');
    expect(oversized).toHaveLength(1);
    expect(messages).toEqual(['{"ok":1}']);
  });

  it('encodes a batch as one chunk of lines', () => {
    expect(new TextDecoder().decode(ndjson.encode(['1', '2']))).toBe('1\n2\n');
  });
});

describe('contentLength', () => {
  it('round-trips messages split at every byte', () => {
    const texts = ['{"a":1}', '{"b":"ünïcödé"}', '[]'];
    const bytes = contentLength.encode(texts);
    const { decoder, messages } = collect(contentLength);
    for (let i = 0; i < bytes.length; i++) decoder.push(bytes.subarray(i, i + 1));
    expect(messages).toEqual(texts);
  });

  it('accepts extra headers in any case', () => {
    const { decoder, messages } = collect(contentLength);
    decoder.push(
      'content-type: application/vscode-jsonrpc; charset=utf-8\r\nCONTENT-LENGTH: 2\r\n\r\n{}',
    );
    expect(messages).toEqual(['{}']);
  });

  it('skips an oversized body without buffering it and reads the next message', () => {
    const { decoder, messages, oversized } = collect(contentLength, 10);
    decoder.push(`Content-Length: 100\r\n\r\n${'x'.repeat(60)}`);
    decoder.push(`${'x'.repeat(40)}Content-Length: 2\r\n\r\n{}`);
    expect(oversized).toEqual([100]);
    expect(messages).toEqual(['{}']);
  });

  it('reports a header block with no Content-Length and carries on', () => {
    const { decoder, messages, oversized } = collect(contentLength);
    decoder.push('X-Nope: 1\r\n\r\nContent-Length: 2\r\n\r\n{}');
    expect(oversized).toEqual([0]);
    expect(messages).toEqual(['{}']);
  });
});
