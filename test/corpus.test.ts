import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROTOCOLS } from '../src/core/categories.js';
import { reportFigures } from './helpers/figures.js';

// Sanity checks on the corpus file only; decode's own test reads the same file.
// Regenerate with `node scripts/capture-fixtures.mjs` (see test/fixtures/README.md).

const CATEGORY_LIST = [
  'auth',
  'permission',
  'not_found',
  'validation',
  'rate_limit',
  'quota',
  'timeout',
  'cancelled',
  'conflict',
  'unavailable',
  'protocol',
  'internal',
];

interface Expected {
  category: string;
  retryable: boolean;
  retryAfterMs?: number;
  retryAfterMsMin?: number;
  retryAfterMsMax?: number;
  code?: string;
}

interface Entry {
  id: string;
  source: string;
  protocol?: string;
  description: string;
  input: unknown;
  expected: Expected;
  note?: string;
}

const corpus = JSON.parse(
  readFileSync(new URL('./fixtures/corpus.json', import.meta.url), 'utf8'),
) as Entry[];

const isDelay = (value: unknown): boolean =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

describe('test/fixtures/corpus.json', () => {
  it('holds at least 150 entries (how many come from each source: AGENT_ERRORS_TEST_FIGURES=1)', () => {
    expect(Array.isArray(corpus)).toBe(true);
    expect(corpus.length).toBeGreaterThanOrEqual(150);
    const counts = new Map<string, number>();
    for (const entry of corpus) counts.set(entry.source, (counts.get(entry.source) ?? 0) + 1);
    reportFigures(
      `corpus: ${corpus.length} entries\n` +
        [...counts].map(([source, count]) => `  ${source}: ${count}`).join('\n'),
    );
  });

  it('covers every SDK, the local HTTP server, the HTTP client libraries and every seed', () => {
    const sources = new Set(corpus.map((entry) => entry.source));
    for (const source of [
      'mcp-sdk',
      'acp-sdk',
      'vscode-jsonrpc',
      'a2a-sdk',
      'http-local-server',
      // The HTTP client libraries, each raised against the capture's 127.0.0.1 server.
      'got-local-server',
      'ky-local-server',
      'axios-local-server',
      'undici-local-server',
      'octokit-local-server',
      'slack-local-server',
      'seed-000',
      'seed-001',
      'seed-002',
      'seed-003',
      'seed-004',
    ]) {
      expect(sources, source).toContain(source);
    }
  });

  it('has unique, non-empty ids', () => {
    const ids = corpus.map((entry) => entry.id);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives every entry a source, a description and, if any, a known protocol hint', () => {
    for (const entry of corpus) {
      expect(typeof entry.source, entry.id).toBe('string');
      expect(entry.source.length, entry.id).toBeGreaterThan(0);
      expect(typeof entry.description, entry.id).toBe('string');
      expect(entry.description.length, entry.id).toBeGreaterThan(0);
      if (entry.protocol !== undefined) {
        expect(PROTOCOLS as readonly string[], entry.id).toContain(entry.protocol);
      }
      if (entry.note !== undefined) expect(typeof entry.note, entry.id).toBe('string');
    }
  });

  it('expects one of the twelve categories, a boolean retryable and well-formed delays', () => {
    for (const entry of corpus) {
      const { expected } = entry;
      expect(CATEGORY_LIST, entry.id).toContain(expected.category);
      expect(typeof expected.retryable, entry.id).toBe('boolean');
      const keys = Object.keys(expected).filter(
        (key) =>
          ![
            'category',
            'retryable',
            'retryAfterMs',
            'retryAfterMsMin',
            'retryAfterMsMax',
            'code',
          ].includes(key),
      );
      expect(keys, entry.id).toEqual([]);
      if (expected.retryAfterMs !== undefined) {
        expect(isDelay(expected.retryAfterMs), entry.id).toBe(true);
        expect(expected.retryAfterMsMin, entry.id).toBeUndefined();
      }
      if (expected.retryAfterMsMin !== undefined || expected.retryAfterMsMax !== undefined) {
        expect(isDelay(expected.retryAfterMsMin), entry.id).toBe(true);
        expect(isDelay(expected.retryAfterMsMax), entry.id).toBe(true);
        expect(expected.retryAfterMsMin!, entry.id).toBeLessThanOrEqual(expected.retryAfterMsMax!);
      }
      if (expected.code !== undefined) expect(typeof expected.code, entry.id).toBe('string');
    }
  });

  it('stores every input as plain JSON that survives a round trip', () => {
    for (const entry of corpus) {
      expect(entry.input, entry.id).not.toBeUndefined();
      expect(JSON.parse(JSON.stringify(entry.input)), entry.id).toEqual(entry.input);
    }
  });

  it('categorises the corpus the way DESIGN.md’s mapping table does for a few anchor rows', () => {
    const byId = new Map(corpus.map((entry) => [entry.id, entry.expected]));
    const anchors: [string, string, boolean][] = [
      ['mcp/wire/server-throws-request-timeout', 'timeout', true],
      ['mcp/wire/server-throws-connection-closed', 'unavailable', true],
      ['acp/wire/handler-throws-auth-required', 'auth', false],
      ['http/response/500-plain', 'internal', true],
      ['http/response/503-retry-after', 'unavailable', true],
      ['seed-004/arcp-payload/internal_error', 'internal', true],
      ['http/response/anthropic-500-api-error', 'internal', true],
      ['lsp/wire/handler-returns-content-modified', 'conflict', true],
      ['a2a/v1-wire/task-not-cancelable', 'conflict', false],
    ];
    for (const [id, category, retryable] of anchors) {
      expect(byId.get(id), id).toMatchObject({ category, retryable });
    }
  });
});
