import { expectTypeOf, test } from 'vitest';
import type { AgentError } from '../core/agent-error.js';
import type { ErrorCategory as HubCategory } from '../core/categories.js';
import type { ARCPError, ArcpErrorCode, ErrorPayload, TimeoutError } from '../entries/arcp.js';
import { createARCPError, fromPayload, isRetryableByDefault } from '../entries/arcp.js';
import type { HttpErrorResponse } from '../entries/http.js';
import { fromFetchResponse, fromHttpResponse, toHttpResponse } from '../entries/http.js';
import type { ErrorCategory, ToolError, ToolErrorText } from '../entries/tool.js';
import { parseToolErrorText, toToolError } from '../entries/tool.js';
import type { CallToolErrorResult } from '../entries/mcp.js';
import { fromCallToolResult, toCallToolResult } from '../entries/mcp.js';

test('tool', () => {
  expectTypeOf<ErrorCategory>().toExtend<HubCategory>();
  expectTypeOf(parseToolErrorText).returns.toEqualTypeOf<ToolErrorText | undefined>();
  expectTypeOf(toCallToolResult).returns.toEqualTypeOf<CallToolErrorResult>();
  expectTypeOf(fromCallToolResult).returns.toEqualTypeOf<AgentError>();
  expectTypeOf(toToolError).returns.toEqualTypeOf<ToolError>();
  expectTypeOf<ToolError['category']>().toEqualTypeOf<ErrorCategory | undefined>();
});

test('arcp', () => {
  expectTypeOf(createARCPError('TIMEOUT', 'm')).toEqualTypeOf<ARCPError<'TIMEOUT'>>();
  expectTypeOf<TimeoutError['code']>().toEqualTypeOf<'TIMEOUT'>();
  expectTypeOf(fromPayload).returns.toEqualTypeOf<ARCPError>();
  expectTypeOf(isRetryableByDefault).parameter(0).toEqualTypeOf<ArcpErrorCode>();
  expectTypeOf<ErrorPayload['code']>().toEqualTypeOf<ArcpErrorCode>();
});

test('http', () => {
  expectTypeOf(fromHttpResponse({ status: 404 })).toEqualTypeOf<AgentError>();
  // A fetch Response has a body to read: only the asynchronous reader takes it.
  // @ts-expect-error fromHttpResponse is synchronous and takes the parts only
  fromHttpResponse(new Response());
  expectTypeOf(fromFetchResponse(new Response())).toEqualTypeOf<Promise<AgentError>>();
  expectTypeOf(toHttpResponse).returns.toEqualTypeOf<HttpErrorResponse>();
});
