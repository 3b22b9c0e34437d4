import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as root from 'agent-errors';
import * as arcp from 'agent-errors/arcp';
import * as http from 'agent-errors/http';
import * as tool from 'agent-errors/tool';

const src = fileURLToPath(new URL('../src/', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(join(src, dir))
    .filter((f) => f.endsWith('.ts') && !f.includes('.test.') && !f.includes('.test-d.'))
    .map((f) => join(src, dir, f));
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)[^'"]*from\s+['"]([^'"]+)['"]/gm)].map(
    (m) => m[1] ?? '',
  );
}

describe('agent-errors/tool, /arcp and /http', () => {
  it('share the text format and MCP tool result helpers through core', () => {
    expect(tool.formatToolErrorText).toBe(root.formatToolErrorText);
    expect(tool.parseToolErrorText).toBe(root.parseToolErrorText);
    expect(tool.toCallToolResult).toBe(root.toCallToolResult);
    expect(tool.fromCallToolResult).toBe(root.fromCallToolResult);
  });

  it('export exactly their public API', () => {
    expect(Object.keys(tool).sort()).toMatchInlineSnapshot(`
      [
        "NEAREST_TOOL_CATEGORY",
        "TOOL_ERROR_CATEGORIES",
        "ToolError",
        "decodeToolError",
        "encodeToolError",
        "formatToolErrorText",
        "fromCallToolResult",
        "fromToolErrorText",
        "isToolError",
        "isToolErrorCategory",
        "parseToolErrorText",
        "reviveToolError",
        "sanitizeMessage",
        "toCallToolResult",
        "toToolError",
        "toolErrorFields",
        "toolErrorToAgentError",
      ]
    `);
    expect(Object.keys(arcp).sort()).toMatchInlineSnapshot(`
      [
        "ARCPError",
        "ARCP_CODE_BY_CATEGORY",
        "ARCP_ERRORS",
        "ARCP_ERROR_CLASSES",
        "ARCP_ERROR_CODES",
        "AgentNotAvailableError",
        "AgentVersionNotAvailableError",
        "BudgetExhaustedError",
        "CancelledError",
        "DuplicateKeyError",
        "HUB_DETAIL_KEYS",
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
        "arcpErrorToAgentError",
        "createARCPError",
        "decodeArcpError",
        "effectiveRetryable",
        "encodeArcpError",
        "errorBoundary",
        "finalStatusFor",
        "fromPayload",
        "isARCPError",
        "isArcpErrorCode",
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
        "HTTP_STATUSES",
        "PROBLEM_JSON",
        "PROVIDER_ERROR_TYPES",
        "STATUS_BY_CATEGORY",
        "decodeHttpError",
        "encodeHttpError",
        "fromFetchResponse",
        "fromHttpResponse",
        "isProblemDetails",
        "problemFields",
        "readHeaders",
        "readProviderError",
        "retryAfterMsFromHeaders",
        "shouldRetryHeader",
        "statusMeaning",
        "toFetchResponse",
        "toHttpResponse",
        "toHttpStatus",
        "toProblemJson",
      ]
    `);
  });

  it.each(['dialects/tool', 'dialects/arcp', 'dialects/http'])(
    '%s imports only its own folder and core',
    (dir) => {
      for (const file of sources(dir)) {
        for (const specifier of importsOf(file)) {
          expect(specifier, `${file} imports ${specifier}`).toMatch(/^(?:\.\/|\.\.\/\.\.\/core\/)/);
        }
      }
    },
  );

  it('core pieces of this issue use no platform module', () => {
    for (const name of [
      'tool-text',
      'tool-text-decode',
      'call-tool-result',
      'sanitize-message',
      'expose',
    ]) {
      for (const specifier of importsOf(join(src, 'core', `${name}.ts`))) {
        expect(specifier).toMatch(/^\.\//);
      }
    }
  });
});
