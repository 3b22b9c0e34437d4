// The client-library tables of this folder, each row read from an error the library builds itself:
// got's `RequestError` with the code of the failure under it, the MCP v2 client's `OAuthError`
// and its OAuth flow classes, and @slack/web-api's rate-limit error. No server: the failures that
// carry a response are served in test/http-client-libraries.test.ts.
import * as mcpClient from '@modelcontextprotocol/client';
import { WebAPIRateLimitedError } from '@slack/web-api/dist/errors.js';
import { RequestError } from 'got';
import { describe, expect, it } from 'vitest';
import { decode } from 'agent-errors';
import type { AgentError } from 'agent-errors';
import { CATEGORIES } from '../../core/categories.js';
import { GOT_CODES, MCP_AUTH_CLASSES, OAUTH_CODES } from './libraries.js';
import type { Meaning } from '../../core/meaning.js';

function expectMeaning(read: AgentError, meaning: Meaning): void {
  expect([read.category, read.code, read.retryable]).toEqual([
    meaning.category,
    meaning.code,
    meaning.retryable ?? CATEGORIES[meaning.category].retryable,
  ]);
}

describe("got's codes", () => {
  it.each([...GOT_CODES])('%s', (code, meaning) => {
    const error = new RequestError(`got failed (${code})`, { code }, {} as never);
    expect(error.code).toBe(code);
    expectMeaning(decode(error), meaning);
  });
});

describe("the MCP v2 client's OAuthError codes", () => {
  it.each([...OAUTH_CODES])('%s', (code, meaning) => {
    expectMeaning(decode(new mcpClient.OAuthError(code as never, 'refused')), meaning);
  });
});

describe("the MCP v2 client's OAuth flow classes", () => {
  // Each class's constructor as the client calls it; a class not listed takes no argument.
  const ARGUMENTS: Record<string, unknown[]> = {
    InsufficientScopeError: [{ requiredScope: 'files:read' }],
    AuthorizationServerMismatchError: ['https://a.example', 'https://b.example'],
    IssuerMismatchError: ['metadata', 'https://a.example', 'https://b.example'],
    InsecureTokenEndpointError: ['http://a.example/token'],
  };
  it.each([...MCP_AUTH_CLASSES])('%s', (name, meaning) => {
    const Class = (mcpClient as unknown as Record<string, new (...args: unknown[]) => Error>)[name];
    expect(Class, `@modelcontextprotocol/client exports ${name}`).toBeTypeOf('function');
    expectMeaning(decode(new Class!(...(ARGUMENTS[name] ?? []))), meaning);
  });
});

describe('@slack/web-api', () => {
  it("a refused rate-limited call waits the seconds Slack's error states", () => {
    const read = decode(new WebAPIRateLimitedError(30));
    expect([read.category, read.retryable, read.retryAfterMs]).toEqual([
      'rate_limit',
      true,
      30_000,
    ]);
  });
});
