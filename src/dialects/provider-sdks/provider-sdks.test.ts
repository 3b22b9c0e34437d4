// The provider SDKs' errors as the SDKs build them, without a server: every row of the Agents SDK
// table from its own classes, and each SDK's `APIError.generate` (what its client calls on a
// failed response) for the statuses the HTTP table names. Served over HTTP, the same errors are
// in test/provider-sdk-errors.test.ts and test/provider-rules.test.ts.
import Anthropic from '@anthropic-ai/sdk';
import * as agents from '@openai/agents';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { decode } from 'agent-errors';
import { HTTP_STATUSES } from '../http/status.js';
import { AGENTS_SDK_ERRORS } from './agents-sdk.js';

describe('AGENTS_SDK_ERRORS, from @openai/agents classes', () => {
  // The arguments each class's constructor takes before its message; most take only that.
  const ARGUMENTS: Record<string, unknown[]> = {
    ToolTimeoutError: [{ toolName: 'search', timeoutMs: 5_000 }],
  };
  const classes = agents as unknown as Record<
    string,
    (new (...args: unknown[]) => Error) | undefined
  >;
  // A row whose class the package does not export (InvalidToolInputError, which its runner raises
  // for tool input that fails the tool's schema) cannot be built here: only a run makes one.
  const exported = Object.entries(AGENTS_SDK_ERRORS).filter(
    ([name]) => classes[name] !== undefined,
  );
  it('the package exports the classes of most rows', () => {
    expect(exported.length).toBeGreaterThan(Object.keys(AGENTS_SDK_ERRORS).length / 2);
  });
  it.each(exported)('%s', (name, row) => {
    const error = new classes[name]!(...(ARGUMENTS[name] ?? ['the run failed']));
    expect(error.name).toBe(name);
    const read = decode(error);
    expect([read.category, read.code, read.retryable]).toEqual([
      row.category,
      row.code,
      row.retryable,
    ]);
  });
});

describe('OpenAI and Anthropic APIError.generate, every status of the HTTP table', () => {
  const statuses = Object.keys(HTTP_STATUSES)
    .map(Number)
    .filter((status) => status >= 400);
  it.each(statuses)('%i', (status) => {
    const expected = decode({ status, body: {} }, { from: 'http' }).category;
    const headers = new Headers();
    for (const error of [
      OpenAI.APIError.generate(status, { message: 'failed' }, 'failed', headers),
      Anthropic.APIError.generate(status, { type: 'error' }, 'failed', headers),
    ]) {
      expect(decode(error).category, error.constructor.name).toBe(expected);
    }
  });
});
