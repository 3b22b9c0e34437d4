import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as root from 'agent-errors';
import * as arcp from 'agent-errors/arcp';
import * as http from 'agent-errors/http';
import * as tool from 'agent-errors/tool';

const src = fileURLToPath(new URL('../src/', import.meta.url));

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)[^'"]*from\s+['"]([^'"]+)['"]/gm)].map(
    (m) => m[1] ?? '',
  );
}

describe('agent-errors/tool, /arcp and /http', () => {
  it('export each helper from exactly one entry (the text format from /tool, tool results from /mcp)', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      exports: Record<string, unknown>;
    };
    const owners = new Map<string, string[]>();
    for (const entry of Object.keys(pkg.exports)) {
      if (entry === './package.json') continue;
      const name = entry === '.' ? 'agent-errors' : `agent-errors/${entry.slice(2)}`;
      const mod = (await import(name)) as Record<string, unknown>;
      for (const key of Object.keys(mod)) owners.set(key, [...(owners.get(key) ?? []), name]);
    }
    expect([...owners].filter(([, where]) => where.length > 1)).toEqual([]);
    expect(owners.get('formatToolErrorText')).toEqual(['agent-errors/tool']);
    expect(owners.get('toCallToolResult')).toEqual(['agent-errors/mcp']);
    expect(root).not.toHaveProperty('parseToolErrorText');
  });

  it('export exactly their public API', () => {
    expect(Object.keys(tool).sort()).toMatchInlineSnapshot(`
      [
        "NEAREST_TOOL_CATEGORY",
        "TOOL_ERROR_CATEGORIES",
        "ToolError",
        "agentsRetryPolicy",
        "aiRetryMiddleware",
        "formatModelErrorText",
        "formatToolErrorText",
        "fromToolErrorText",
        "isToolError",
        "isToolErrorCategory",
        "langChainFailedAttempt",
        "parseToolErrorText",
        "reviveToolError",
        "toToolError",
        "toolErrorFields",
        "toolErrorFunction",
        "toolErrorReader",
        "toolTextReader",
        "withAiToolErrors",
        "withLangChainRetry",
      ]
    `);
    expect(Object.keys(arcp).sort()).toMatchInlineSnapshot(`
      [
        "ARCPError",
        "ARCP_ATTEMPT_FIELD",
        "ARCP_ERROR_CODES",
        "AgentNotAvailableError",
        "AgentVersionNotAvailableError",
        "BudgetExhaustedError",
        "CancelledError",
        "DuplicateKeyError",
        "HeartbeatLostError",
        "InternalError",
        "InvalidRequestError",
        "JobNotFoundError",
        "LeaseExpiredError",
        "LeaseSubsetViolationError",
        "PermissionDeniedError",
        "ResumeWindowExpiredError",
        "TimeoutError",
        "UnauthenticatedError",
        "arcpCodeReader",
        "arcpIdempotencyKeyOf",
        "arcpReader",
        "createARCPError",
        "errorBoundary",
        "finalStatusFor",
        "fromPayload",
        "isArcpError",
        "isRetryableByDefault",
        "jobError",
        "readErrorEnvelope",
        "sessionError",
        "toArcpError",
        "toPayload",
        "toolResultError",
        "validateErrorPayload",
      ]
    `);
    expect(Object.keys(http).sort()).toMatchInlineSnapshot(`
      [
        "GRAPHQL_CODES",
        "GRAPHQL_ERROR_TYPES",
        "PROBLEM_JSON",
        "agentsSdkReader",
        "agentsStreamEventReader",
        "aiSdkStreamPartReader",
        "clientLibraryReader",
        "fromFetchResponse",
        "fromGraphqlResponse",
        "fromHttpResponse",
        "graphqlBodyReader",
        "graphqlHttpResponseReader",
        "graphqlWsErrorReader",
        "httpBodyReader",
        "httpHintReader",
        "httpIdempotencyKeyOf",
        "httpResponseReader",
        "isGraphqlErrorBody",
        "isProblemDetails",
        "langChainReader",
        "openAiFailedResponseReader",
        "openAiResponsesEventReader",
        "platformSdkReader",
        "providerSdkReader",
        "readHeaders",
        "responseInstanceReader",
        "retryAfterMsFromHeaders",
        "shouldRetryHeader",
        "statusCodeReader",
        "statusMeaning",
        "toFetchResponse",
        "toHttpResponse",
        "toHttpStatus",
        "toProblemJson",
        "webResponseReader",
        "webSocketCloseReader",
        "wrappedErrorReader",
      ]
    `);
  });

  it('core pieces of this issue use no platform module', () => {
    for (const path of [
      'dialects/tool/tool-text',
      'dialects/tool/tool-text-decode',
      'core/sanitize-message',
      'core/expose',
    ]) {
      for (const specifier of importsOf(join(src, `${path}.ts`))) {
        expect(specifier).toMatch(/^\.\.?\//);
      }
    }
  });
});
