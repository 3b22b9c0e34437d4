import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERROR_CATEGORIES } from '../../core/categories.js';
import type { ErrorCategory } from '../../core/categories.js';
import { sanitizeMessage } from '../../core/sanitize-message.js';
import { toJsonSafe } from '../../core/serialize.js';
import { fromCallToolResult } from '../mcp/call-tool-result.js';
import {
  NEAREST_TOOL_CATEGORY,
  TOOL_ERROR_CATEGORIES,
  formatToolErrorText,
  isToolErrorCategory,
  parseToolErrorText,
} from './tool-text.js';
import type { ToolErrorTextInput } from './tool-text.js';

describe('formatToolErrorText', () => {
  it("writes seed 002's propagation example exactly", () => {
    const text = formatToolErrorText({
      message: 'Too many requests',
      code: 'RATE_LIMITED',
      category: 'rate_limit',
      retryable: true,
      retryAfterMs: 2000,
    });
    expect(text).toBe(
      '[ERROR code=RATE_LIMITED category=rate_limit retryable=true retryAfterMs=2000] Too many requests\n' +
        '\n' +
        '```json\n' +
        '{"code":"RATE_LIMITED","category":"rate_limit","retryable":true,"retryAfterMs":2000}\n' +
        '```',
    );
  });

  it('lists only the fields present', () => {
    expect(
      formatToolErrorText({
        message: 'Dashboard took too long to load',
        code: 'TIMEOUT',
        category: 'timeout',
        retryable: true,
      }),
    ).toMatchInlineSnapshot(`
      "[ERROR code=TIMEOUT category=timeout retryable=true] Dashboard took too long to load

      \`\`\`json
      {"code":"TIMEOUT","category":"timeout","retryable":true}
      \`\`\`"
    `);
  });

  it('uses the [CODE] message form only for an error with no structured field at all', () => {
    expect(formatToolErrorText({ message: 'Export exceeds limit', code: 'EXPORT_TOO_LARGE' })).toBe(
      '[EXPORT_TOO_LARGE] Export exceeds limit',
    );
    // `retryable: false` is a structured field (opentabs-dev/opentabs,
    // platform/mcp-server/src/mcp-tool-dispatch.ts `formatStructuredError`).
    expect(formatToolErrorText({ message: 'x', code: 'EXPORT_TOO_LARGE', retryable: false })).toBe(
      '[ERROR code=EXPORT_TOO_LARGE retryable=false] x\n\n```json\n{"code":"EXPORT_TOO_LARGE","retryable":false}\n```',
    );
  });

  // opentabs-dev/opentabs, platform/mcp-server/src/mcp-tool-dispatch.ts writes `code=${code}` as
  // it is, so a space ends the field; here the header says `_` and the JSON block the exact code.
  it('writes whitespace, brackets and = in a code as _ in the header; the JSON block keeps the code', () => {
    const text = formatToolErrorText({
      message: 'Out of stock',
      code: 'OUT OF [STOCK]=1',
      retryable: false,
    });
    expect(text.split('\n')[0]).toBe('[ERROR code=OUT_OF__STOCK__1 retryable=false] Out of stock');
    expect(parseToolErrorText(text)?.code).toBe('OUT OF [STOCK]=1');
  });

  it('narrows a hub category outside the six and keeps it as agentCategory', () => {
    const text = formatToolErrorText({
      message: 'Monthly budget used up',
      code: 'BUDGET_EXHAUSTED',
      category: 'quota',
      retryable: false,
    });
    expect(text).toMatchInlineSnapshot(`
      "[ERROR code=BUDGET_EXHAUSTED category=rate_limit retryable=false agentCategory=quota] Monthly budget used up

      \`\`\`json
      {"code":"BUDGET_EXHAUSTED","category":"rate_limit","retryable":false,"agentCategory":"quota"}
      \`\`\`"
    `);
    expect(parseToolErrorText(text)?.category).toBe('quota');
  });

  it('keeps the header to one line and carries a multi-line message in the block', () => {
    const text = formatToolErrorText({
      message: 'line one\nline two',
      code: 'X',
      category: 'internal',
    });
    expect(text.split('\n')[0]).toBe('[ERROR code=X category=internal] line one line two');
    expect(parseToolErrorText(text)?.message).toBe('line one\nline two');
  });

  it('sanitises the message: secrets and credentials in URLs; file paths only with maskPaths', () => {
    const error = {
      message:
        'failed reading /home/ana/app/config.json with Bearer abc.def.ghi from https://bob:hunter2@api.example.com/v1',
      code: 'INTERNAL_ERROR',
      category: 'internal',
      retryable: false,
    } as const;
    for (const text of [
      formatToolErrorText(error),
      formatToolErrorText(error, { maskPaths: true }),
    ]) {
      expect(text).not.toContain('abc.def.ghi');
      expect(text).not.toContain('hunter2');
      expect(text).toContain('https://bob:[REDACTED]@api.example.com/v1');
    }
    expect(formatToolErrorText(error)).toContain('failed reading /home/ana/app/config.json with');
    expect(formatToolErrorText(error, { maskPaths: true })).toContain('failed reading [PATH] with');
  });

  it('bounds the message length', () => {
    const text = formatToolErrorText(
      { message: 'x'.repeat(10_000), code: 'BIG', category: 'internal' },
      { maxLength: 100 },
    );
    expect(parseToolErrorText(text)?.message).toHaveLength(100);
  });

  it('redacts details and rejects input without a code', () => {
    const text = formatToolErrorText({
      message: 'denied',
      code: 'PERMISSION_DENIED',
      category: 'permission',
      details: { apiKey: 'sk-live-0123456789abcdef', target: 's3://other/' },
    });
    expect(parseToolErrorText(text)?.details).toEqual({
      apiKey: '[REDACTED]',
      target: 's3://other/',
    });
    expect(() => formatToolErrorText({ message: 'x', code: '' })).toThrow(/error\.code/);
    expect(() => formatToolErrorText(null as never)).toThrow(/received null/);
    expect(() => formatToolErrorText({ code: 'X' } as never)).toThrow(
      'formatToolErrorText: error.message must be a string; received undefined',
    );
  });
});

describe('parseToolErrorText', () => {
  it('reads the seed example back', () => {
    expect(
      parseToolErrorText(
        '[ERROR code=RATE_LIMITED category=rate_limit retryable=true retryAfterMs=2000] Too many requests\n\n```json\n{"code":"RATE_LIMITED","category":"rate_limit","retryable":true,"retryAfterMs":2000}\n```',
      ),
    ).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many requests',
      category: 'rate_limit',
      retryable: true,
      retryAfterMs: 2000,
    });
  });

  it('reads the header alone, the block alone and the bare form', () => {
    expect(
      parseToolErrorText('[ERROR code=AUTH_ERROR category=auth retryable=false] Not logged in'),
    ).toEqual({
      code: 'AUTH_ERROR',
      message: 'Not logged in',
      category: 'auth',
      retryable: false,
    });
    expect(
      parseToolErrorText(
        'Could not post.\n```json\n{"code":"NOT_FOUND","category":"not_found","retryable":false}\n```',
      ),
    ).toEqual({
      code: 'NOT_FOUND',
      message: 'Could not post.',
      category: 'not_found',
      retryable: false,
    });
    expect(parseToolErrorText('[USER_NOT_FOUND] User "42" not found')).toEqual({
      code: 'USER_NOT_FOUND',
      message: 'User "42" not found',
      retryable: false,
    });
  });

  it('reads text a relay or a model wrapped', () => {
    const inner = formatToolErrorText({
      message: 'Rate limited by Slack API',
      code: 'RATE_LIMITED',
      category: 'rate_limit',
      retryable: true,
      retryAfterMs: 2000,
    });
    const wrapped = `The tool failed:\n> ${inner.replace(/\n/g, '\n> ')}\nShould I retry?`;
    expect(parseToolErrorText(wrapped)).toEqual({
      code: 'RATE_LIMITED',
      message: 'Rate limited by Slack API',
      category: 'rate_limit',
      retryable: true,
      retryAfterMs: 2000,
    });
    expect(parseToolErrorText(`Tool dispatch error: ${inner}`)?.retryAfterMs).toBe(2000);
    expect(parseToolErrorText(inner.replace(/\n/g, '\r\n'))?.message).toBe(
      'Rate limited by Slack API',
    );
  });

  it('prefers the JSON block over the header', () => {
    expect(
      parseToolErrorText(
        '[ERROR code=A_B retryable=false] m\n\n```json\n{"code":"A B","retryable":true}\n```',
      ),
    ).toEqual({ code: 'A B', message: 'm', retryable: true });
  });

  it('reads a block that repeats the header as a parsed block would read', () => {
    // The block is not parsed when it is exactly what the writers put under this header: every
    // case here must read as the header's fields with the parsed block laid over them.
    const cases: [string, string][] = [
      [
        'code=A category=rate_limit retryable=true retryAfterMs=2000',
        '{"code":"A","category":"rate_limit","retryable":true,"retryAfterMs":2000}',
      ],
      [
        'code=A category=rate_limit retryable=true retryAfterMs=2000',
        '{"code":"A","category":"rate_limit","retryable":true,"retryAfterMs":3000}',
      ],
      [
        'code=A category=rate_limit retryable=true',
        '{"code":"A","category":"rate_limit","retryable":true,"retryAfterMs":2000}',
      ],
      ['code=A_B category=quota', '{"code":"A B","category":"quota"}'],
      ['code=A"B category=quota', '{"code":"A\\"B","category":"quota"}'],
      ['code=A"B category=quota', '{"code":"A"B","category":"quota"}'],
      [
        'code=A category=internal agentCategory=conflict',
        '{"code":"A","category":"internal","agentCategory":"conflict"}',
      ],
      ['code=A retryable=false', '{"code":"A","retryable":false,"details":{"field":"x"}}'],
      ['code=A retryAfterMs=2000.0', '{"code":"A","retryAfterMs":2000}'],
    ];
    for (const [header, block] of cases) {
      const text = `[ERROR ${header}] Failed\n\n\`\`\`json\n${block}\n\`\`\``;
      const fields: Record<string, unknown> = {};
      for (const pair of header.split(' ')) {
        const [key, value] = pair.split('=') as [string, string];
        fields[key] =
          key === 'retryable' ? value === 'true' : key === 'retryAfterMs' ? Number(value) : value;
      }
      let parsed: Record<string, unknown> = {};
      try {
        parsed = JSON.parse(block) as Record<string, unknown>;
      } catch {
        // Not JSON: the header alone speaks.
      }
      const merged = { ...fields, ...parsed };
      const hub = (merged.agentCategory ?? merged.category) as string | undefined;
      expect(parseToolErrorText(text), `${header} | ${block}`).toEqual({
        code: merged.code,
        message: 'Failed',
        ...(hub !== undefined ? { category: hub } : {}),
        ...(merged.retryable !== undefined ? { retryable: merged.retryable } : {}),
        ...(merged.retryAfterMs !== undefined ? { retryAfterMs: merged.retryAfterMs } : {}),
        ...(merged.details !== undefined ? { details: merged.details } : {}),
      });
    }
  });

  it('parses a block when the header holds a delay that is no JSON number (review finding)', () => {
    // 400 digits read as Infinity: a block that repeats it is no JSON, and the next block wins.
    const text =
      `[ERROR code=PLAIN retryAfterMs=${'9'.repeat(400)}] msg\n\n` +
      '```json\n{"code":"PLAIN","retryAfterMs":Infinity}\n```\n' +
      '```json\n{"code":"SECOND","category":"auth","retryable":true}\n```';
    expect(parseToolErrorText(text)).toEqual({
      code: 'SECOND',
      message: 'msg',
      category: 'auth',
      retryable: true,
    });
  });

  it('returns undefined for text that is not a tool error', () => {
    for (const text of [
      '',
      'All good',
      'Error: something broke',
      '[x] lower',
      '```json\n{}\n```',
    ]) {
      expect(parseToolErrorText(text)).toBeUndefined();
    }
    expect(parseToolErrorText(42)).toBeUndefined();
  });

  it('stays linear on hostile input', () => {
    const hostile = [
      '```json\n'.repeat(25_000),
      '```json'.repeat(25_000),
      '[ERROR a='.repeat(20_000),
      `[ERROR code=X] m\n\n${'```json\n{"code":1}\n```\n'.repeat(8_000)}`,
      ' [AB'.repeat(50_000),
    ];
    for (const text of hostile) {
      const started = performance.now();
      parseToolErrorText(text);
      expect(performance.now() - started).toBeLessThan(2_000);
    }
  });

  it('accepts a header without a space before the message', () => {
    expect(parseToolErrorText('[ERROR code=X retryable=true]m')).toEqual({
      code: 'X',
      message: 'm',
      retryable: true,
    });
  });

  it('ignores unknown categories and bad delays', () => {
    expect(parseToolErrorText('[ERROR code=X category=fatal retryAfterMs=soon] m')).toEqual({
      code: 'X',
      message: 'm',
    });
  });

  it('never throws, for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const out = parseToolErrorText(text);
        expect(out === undefined || typeof out.code === 'string').toBe(true);
      }),
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom(
            '[ERROR ',
            'code=',
            ']',
            '[',
            '\n',
            '```json',
            '```',
            '{"code":"A"}',
            ' ',
            'x',
          ),
        ),
        (parts) => {
          const out = parseToolErrorText(parts.join(''));
          expect(out === undefined || typeof out.code === 'string').toBe(true);
        },
      ),
    );
  });
});

const category = fc.constantFrom(...ERROR_CATEGORIES);
const errorInput: fc.Arbitrary<ToolErrorTextInput & { category: ErrorCategory }> = fc.record(
  {
    code: fc.string({ minLength: 1, maxLength: 40 }),
    message: fc
      .string({ maxLength: 200, unit: 'grapheme-ascii' })
      .chain((s) =>
        fc.constantFrom(s, `${s}\n\`\`\`json\n{"code":"FAKE"}\n\`\`\``, `[${s}] ]\r\n[`),
      ),
    category,
    retryable: fc.boolean(),
    retryAfterMs: fc.nat({ max: 86_400_000 }),
    details: fc.dictionary(
      fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,7}$/),
      fc.oneof(fc.string(), fc.integer()),
    ),
  },
  { requiredKeys: ['code', 'message', 'category'] },
);

describe('format → parse', () => {
  it('gives back every field, for arbitrary codes, messages, categories and delays', () => {
    fc.assert(
      fc.property(errorInput, (e) => {
        const parsed = parseToolErrorText(formatToolErrorText(e));
        expect(parsed).toBeDefined();
        expect(parsed?.code).toBe(sanitizeMessage(e.code, { maxLength: 200 }));
        expect(parsed?.message).toBe(sanitizeMessage(e.message, { maskPaths: false }));
        expect(parsed?.category).toBe(e.category);
        expect(parsed?.retryable).toBe(e.retryable);
        expect(parsed?.retryAfterMs).toBe(e.retryAfterMs);
        expect(parsed?.details).toEqual(
          e.details === undefined ? undefined : toJsonSafe(e.details),
        );
      }),
    );
  });

  it('keeps the tool category one of the six', () => {
    fc.assert(
      fc.property(category, (c) => {
        const text = formatToolErrorText({ message: 'm', code: 'C', category: c });
        const json = JSON.parse(/```json\n(.*)\n```/.exec(text)?.[1] ?? 'null');
        expect(isToolErrorCategory(json.category)).toBe(true);
        expect(json.category).toBe(NEAREST_TOOL_CATEGORY[c]);
      }),
    );
  });
});

describe('the writers’ layout is read as any layout is', () => {
  // The parser reads the writers' exact header and block with a pattern of its own; these
  // variations of the same text take the general path and must read the same.
  const generalHeader = (text: string) => text.replace('[ERROR ', '[ERROR  ');
  const generalBlock = (text: string) => text.replace('```json\n{"code"', '```json\n{ "code"');
  it('for arbitrary fields, with and without the line under the header', () => {
    fc.assert(
      fc.property(
        errorInput,
        fc.constantFrom('', '\nNext step: wait.'),
        fc.constantFrom('\n', '\r\n'),
        (e, under, eol) => {
          const written = formatToolErrorText(e).replace('\n\n```json', `${under}\n\n\`\`\`json`);
          const text = written.replaceAll('\n', eol);
          const parsed = parseToolErrorText(text);
          expect(parsed).toBeDefined();
          expect(parseToolErrorText(generalHeader(text))).toEqual(parsed);
          expect(parseToolErrorText(generalBlock(text))).toEqual(parsed);
          expect(parseToolErrorText(generalBlock(generalHeader(text)))).toEqual(parsed);
        },
      ),
    );
  });

  it('when the block says more than the header, or differs from it', () => {
    const header =
      '[ERROR code=RATE_LIMITED category=rate_limit retryable=true retryAfterMs=2000] m';
    for (const block of [
      '{"code":"RATE_LIMITED","category":"rate_limit","retryable":true,"retryAfterMs":2000}',
      '{"code":"RATE_LIMITED","category":"rate_limit","retryable":true,"retryAfterMs":2000.0}',
      '{"code":"RATE_LIMITED","category":"quota","retryable":true,"retryAfterMs":2000}',
      '{"code":"RATE_LIMITED","category":"rate_limit","retryable":false,"retryAfterMs":2000}',
      '{"code":"RATE_LIMITED","category":"rate_limit","retryable":true,"retryAfterMs":007}',
      '{"code":"OTHER","category":"rate_limit","retryable":true}',
      '{"code":"RATE_LIMITED","category":"rate_limit","retryable":true,"retryAfterMs":2000,"details":{"a":1}}',
    ]) {
      const text = `${header}\n\n\`\`\`json\n${block}\n\`\`\`\n\n\`\`\`json\n{"code":"LATER","details":{"b":2}}\n\`\`\``;
      const parsed = parseToolErrorText(text);
      expect(parseToolErrorText(generalHeader(text))).toEqual(parsed);
      expect(parseToolErrorText(generalBlock(text))).toEqual(parsed);
    }
  });
});

describe('reading back what upstream writes', () => {
  // opentabs' MCP server writes the header's values raw (seed 002, "Propagation"):
  //   `[ERROR code=${code} category=${category} retryable=${retryable} retryAfterMs=${ms}] ${message}`
  // then a blank line and the fenced JSON block of the fields present. Reproduced here as it
  // writes them: a code with a space or `]`, a message over several lines, every field optional
  // but `retryable`.
  function upstreamText(e: {
    code: string;
    message: string;
    category?: string | undefined;
    retryable: boolean;
    retryAfterMs?: number | undefined;
  }): string {
    let header = `[ERROR code=${e.code}`;
    const block: Record<string, unknown> = { code: e.code };
    if (e.category !== undefined) {
      header += ` category=${e.category}`;
      block.category = e.category;
    }
    header += ` retryable=${String(e.retryable)}`;
    block.retryable = e.retryable;
    if (e.retryAfterMs !== undefined) {
      header += ` retryAfterMs=${String(e.retryAfterMs)}`;
      block.retryAfterMs = e.retryAfterMs;
    }
    return `${header}] ${e.message}\n\n\`\`\`json\n${JSON.stringify(block)}\n\`\`\``;
  }

  const word = fc.string({ minLength: 1, maxLength: 12 }).filter((w) => !w.includes('`'));
  const line = fc.string({ maxLength: 30 }).filter((w) => !/[`\r\n]/.test(w));
  const upstream = fc.record(
    {
      code: fc.oneof(
        fc.constantFrom('OUT OF STOCK', 'A]B', 'A B]C', 'x=y', '[ERROR]', 'RATE_LIMITED'),
        word,
      ),
      message: fc
        .array(line, { minLength: 1, maxLength: 4 })
        .map((lines) => lines.join('\n'))
        // White space at either end cannot be told from the text's own separators, nor a last
        // line of only quote marks from the quoted blank line before the block: both are read
        // as the gap (see withoutBlockGap).
        .filter((m) => m.trim() === m && m !== '' && !/\n[\s>]*$/.test(m)),
      category: fc.option(fc.constantFrom(...TOOL_ERROR_CATEGORIES), { nil: undefined }),
      retryable: fc.boolean(),
      retryAfterMs: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: undefined }),
    },
    { requiredKeys: ['code', 'message', 'retryable'] },
  );

  it('gives back the raw code and the whole message, for any code and multi-line message', () => {
    fc.assert(
      fc.property(upstream, (e) => {
        const parsed = parseToolErrorText(upstreamText(e));
        expect(parsed?.code).toBe(e.code);
        expect(parsed?.message).toBe(e.message);
        expect(parsed?.category).toBe(e.category);
        expect(parsed?.retryable).toBe(e.retryable);
        expect(parsed?.retryAfterMs).toBe(e.retryAfterMs);
      }),
    );
  });

  it('the same inside an MCP tool result (fromCallToolResult)', () => {
    fc.assert(
      fc.property(upstream, (e) => {
        const error = fromCallToolResult({
          isError: true,
          content: [{ type: 'text', text: upstreamText(e) }],
        });
        expect([error.code, error.message]).toEqual([e.code, e.message]);
      }),
    );
  });
});
