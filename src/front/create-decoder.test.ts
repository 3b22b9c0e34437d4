// createDecoder: a decoder is its readers, in the order given, and nothing else. Text and the
// message of an error nothing recognised are read by text readers only (the ToolError text
// reader among them), so a decoder built without it carries, and applies, none of that.
import { RequestError as SdkRequestError } from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { AgentError } from '../core/agent-error.js';
import { ARCPError, TimeoutError } from '../dialects/arcp/arcp-error.js';
import { ToolError } from '../dialects/tool/tool-error.js';
import type { Reader } from '../core/reader.js';
import { formatToolErrorText } from '../dialects/tool/tool-text.js';
import { toolErrorReader, toolTextReader } from '../dialects/tool/reader.js';
import { READERS, jsonRpcErrorReader } from '../registry/readers.js';
import { createDecoder } from './create-decoder.js';
import { decode } from './decode.js';

// One message per keyword rule of the ToolError text reader (its table, in
// src/dialects/tool/tool-text-decode.ts), with the category it gives.
const KEYWORD_MESSAGES: readonly (readonly [string, string])[] = [
  ['Rate limit reached for requests', 'rate_limit'],
  ['Authentication required', 'auth'],
  ['Permission denied for this repository', 'permission'],
  ['The request timed out', 'timeout'],
  ['Not connected', 'unavailable'],
  ['No such file', 'not_found'],
  ['Invalid argument: limit', 'validation'],
];

describe('createDecoder', () => {
  it('lets the first reader that recognises an input decide, in the order given', () => {
    const first: Reader = { name: 'first', recognise: () => AgentError.notFound('first') };
    const second: Reader = { name: 'second', recognise: () => AgentError.timeout('second') };
    expect(createDecoder([first, second]).decode({ any: 1 }).message).toBe('first');
    expect(createDecoder([second, first]).decode({ any: 1 }).message).toBe('second');
    expect(createDecoder([first, second]).readers.map((r) => r.name)).toEqual(['first', 'second']);
  });

  it('is the default decoder when given every reader in the registry', () => {
    const full = createDecoder(READERS);
    for (const [message] of KEYWORD_MESSAGES) {
      for (const input of [message, new Error(message), { code: 7, message }]) {
        const [ours, theirs] = [full.decode(input), decode(input)];
        expect([ours.category, ours.code, ours.retryable]).toEqual([
          theirs.category,
          theirs.code,
          theirs.retryable,
        ]);
      }
    }
  });

  it('reads text and unrecognised messages by the ToolError text reader only when given it', () => {
    const withText = createDecoder([toolErrorReader, toolTextReader]);
    const without = createDecoder([toolErrorReader]);
    for (const [message, category] of KEYWORD_MESSAGES) {
      expect(withText.decode(message).category).toBe(category);
      expect(withText.toAgentError(new Error(message)).category).toBe(category);
      const text = without.decode(message);
      expect([text.category, text.unexpected, text.message]).toEqual(['internal', true, message]);
      expect(without.toAgentError(new Error(message)).category).toBe('internal');
    }
    const toolText = formatToolErrorText({
      code: 'RATE_LIMITED',
      message: 'Slow down',
      category: 'rate_limit',
      retryable: true,
      retryAfterMs: 2000,
    });
    expect(withText.decode(toolText).retryAfterMs).toBe(2000);
    expect(without.decode(toolText).category).toBe('internal');
  });

  it('trusts the words of a compatibility class only when one of its readers names the class', () => {
    // The ACP SDK's own RequestError, as its callers throw it.
    const thrown = new SdkRequestError(-32002, 'Resource not found', { uri: 'file:///a' });
    const withClass = createDecoder([jsonRpcErrorReader]).decode(thrown);
    const { meantToSend, ...unnamed } = jsonRpcErrorReader;
    expect(meantToSend).toBeTypeOf('function');
    const withoutClass = createDecoder([unnamed]).decode(thrown);
    // The same reading either way; only the exposure mark differs.
    expect([withClass.category, withClass.code]).toEqual([
      withoutClass.category,
      withoutClass.code,
    ]);
    expect(withClass.unexpected).not.toBe(true);
    expect(withoutClass.unexpected).toBe(true);
    expect(decode(thrown).unexpected).not.toBe(true);
    // Every class the registry trusts is named by one of its readers.
    expect(READERS.filter((r) => typeof r.meantToSend === 'function').length).toBeGreaterThan(3);
  });

  it('refuses what is no list of readers with a TypeError saying what a reader is', () => {
    expect(() => createDecoder('readers' as never)).toThrow(
      /createDecoder: readers must be an array of readers; received/,
    );
    for (const bad of [
      null,
      {},
      { name: 'x' },
      { name: 'x', recognise: 1 },
      { recognise() {} },
      { name: 'x', recognise() {}, meantToSend: true },
      { name: 'x', recognise() {}, exposable: 'yes' },
      { name: 'x', recognise() {}, fallback: 'last' },
    ]) {
      expect(() => createDecoder([bad as never])).toThrow(
        /createDecoder: readers\[0\] must be a reader \(\{ name: string, recognise\(view, context\) and\/or recogniseText\(text, protocol\), optional meantToSend\(value\), exposable\(error\), fallback: boolean \}\)/,
      );
    }
  });
});

describe('copies of the classes that state retryable', () => {
  // Every class whose copies the decoder checks for by shape (a boolean `retryable` among their
  // members), retried or not, by every way plain data comes back: read as the original is.
  const classes: readonly (readonly [string, () => object, string])[] = [
    ['AgentError', () => AgentError.rateLimited('slow down', { retryAfterMs: 250 }), 'rate_limit'],
    ['AgentError (not retryable)', () => AgentError.validation('bad path'), 'validation'],
    ['ToolError', () => ToolError.timeout('slow tool'), 'timeout'],
    ['ToolError (not retryable)', () => ToolError.notFound('no such file'), 'not_found'],
    ['ARCPError', () => new TimeoutError('max_runtime_sec exceeded'), 'timeout'],
    ['ARCPError (not retryable)', () => new ARCPError('PERMISSION_DENIED', 'no'), 'permission'],
  ];
  const copies: readonly (readonly [string, (error: object) => unknown])[] = [
    ['JSON', (error) => JSON.parse(JSON.stringify(error)) as unknown],
    [
      'structuredClone of its JSON form',
      (error) => structuredClone(JSON.parse(JSON.stringify(error))),
    ],
    ['JSON text', (error) => JSON.stringify(error)],
  ];
  for (const [name, make, category] of classes) {
    for (const [how, copy] of copies) {
      it(`reads a ${how} copy of ${name} as the original`, () => {
        const original = make();
        const direct = decode(original);
        const decoded = decode(copy(original));
        expect(direct.category).toBe(category);
        expect([decoded.category, decoded.code, decoded.retryable]).toEqual([
          direct.category,
          direct.code,
          direct.retryable,
        ]);
      });
    }
  }
});
