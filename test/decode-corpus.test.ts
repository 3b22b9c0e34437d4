import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decode } from 'agent-errors';
import type { ErrorCategory, Protocol } from 'agent-errors';

interface Entry {
  id: string;
  source: string;
  protocol?: Protocol;
  description: string;
  input: unknown;
  expected: {
    category: ErrorCategory;
    retryable: boolean;
    retryAfterMs?: number;
    code?: string;
  };
}

const corpus = JSON.parse(
  readFileSync(new URL('./fixtures/corpus.json', import.meta.url), 'utf8'),
) as Entry[];

describe('decode classifies every payload of the corpus', () => {
  it.each(corpus.map((e) => [e.id, e] as const))('%s', (_id, entry) => {
    const error = decode(entry.input, entry.protocol ? { protocol: entry.protocol } : undefined);
    const got: Record<string, unknown> = { category: error.category, retryable: error.retryable };
    const want: Record<string, unknown> = {
      category: entry.expected.category,
      retryable: entry.expected.retryable,
    };
    if (entry.expected.retryAfterMs !== undefined) {
      got.retryAfterMs = error.retryAfterMs;
      want.retryAfterMs = entry.expected.retryAfterMs;
    }
    if (entry.expected.code !== undefined) {
      got.code = error.code;
      want.code = entry.expected.code;
    }
    expect(got, entry.description).toEqual(want);
  });
});
