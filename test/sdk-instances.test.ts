import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decode, toAgentError } from 'agent-errors';
import type { AgentError, ErrorCategory, StableErrorCode } from 'agent-errors';
// The recipes rebuild each instance with the real package (its constructor or factory, or the
// library failing against a server on 127.0.0.1): never a hand-written lookalike.
import { build as buildRecipe } from '../scripts/fixtures/sdk-recipes.mjs';

// A plain ES module shared with the capture script: its inferred types are loose.
const build = buildRecipe as (recipe: unknown) => Promise<unknown>;

interface Expected {
  category: ErrorCategory;
  retryable: boolean;
  retryAfterMs?: number;
  code?: StableErrorCode;
}

interface InstanceEntry {
  id: string;
  source: string;
  description: string;
  recipe: { kind: string; args?: unknown };
  expected: Expected;
}

interface CorpusEntry {
  id: string;
  source: string;
  protocol?: string;
  description: string;
  input: unknown;
  expected: Expected;
}

const instances = JSON.parse(
  readFileSync(new URL('./fixtures/sdk-instances.json', import.meta.url), 'utf8'),
) as InstanceEntry[];
const corpus = JSON.parse(
  readFileSync(new URL('./fixtures/corpus.json', import.meta.url), 'utf8'),
) as CorpusEntry[];

const WORLD_SOURCES = [
  'github',
  'slack',
  'oauth',
  'aws',
  'azure',
  'google-api',
  'sse',
  'ai-sdk-stream',
];
const world = corpus.filter((e) => WORLD_SOURCES.includes(e.source));

/** The fields `expected` names, read off `error`. */
function observed(error: AgentError, expected: Expected): Record<string, unknown> {
  const got: Record<string, unknown> = { category: error.category, retryable: error.retryable };
  if (expected.retryAfterMs !== undefined) got.retryAfterMs = error.retryAfterMs;
  if (expected.code !== undefined) got.code = error.code;
  return got;
}

describe('client-library error instances (test/fixtures/sdk-instances.json)', () => {
  it('holds every family', () => {
    const families = new Set(instances.map((e) => e.source));
    for (const family of [
      'ai-sdk',
      'google-genai',
      'aws-sdk',
      'undici',
      'axios',
      'langchain',
      'mcp-sdk-transport',
      'mcp-sdk-v2',
      'provider-sdk',
    ]) {
      expect(families, family).toContain(family);
    }
  });

  it.each(instances.map((e) => [e.id, e] as const))('%s', async (_id, entry) => {
    const instance: unknown = await build(entry.recipe);
    expect(instance).toBeInstanceOf(Error);
    const viaDecode = decode(instance);
    const viaCatch = toAgentError(instance);
    expect(observed(viaDecode, entry.expected), entry.description).toEqual(entry.expected);
    expect(observed(viaCatch, entry.expected), entry.description).toEqual(entry.expected);
    // The instance stays reachable for whoever needs more than the classification.
    expect(viaDecode.cause ?? viaDecode.wire).toBeDefined();
  });
});

describe('web APIs of the corpus, through decode and toAgentError', () => {
  it('has a section per API', () => {
    expect(new Set(world.map((e) => e.source))).toEqual(new Set(WORLD_SOURCES));
  });

  it.each(world.map((e) => [e.id, e] as const))('%s', (_id, entry) => {
    expect(observed(decode(entry.input), entry.expected), entry.description).toEqual(
      entry.expected,
    );
    expect(observed(toAgentError(entry.input), entry.expected), entry.description).toEqual(
      entry.expected,
    );
  });
});
