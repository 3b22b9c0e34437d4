import type { AgentError, WireInfo } from '../../core/agent-error.js';
import { decodedError } from '../../core/agent-error.js';
import { CATEGORIES } from '../../core/categories.js';
import type { ErrorCategory } from '../../core/categories.js';
import { parseToolErrorText } from './tool-text.js';
import { codeTable } from '../../core/code-table.js';
import { mayStartWith } from '../../core/text-start.js';
import { readMcpErrorPrefix, unknownNameCode } from './mcp-prefix.js';

// The default code of each category: `[RATE_LIMITED] slow down` classifies by its code.
const CATEGORY_BY_CODE: ReadonlyMap<string, ErrorCategory> = new Map(
  (Object.keys(CATEGORIES) as ErrorCategory[]).map((c) => [CATEGORIES[c].code, c]),
);

/**
 * MCP's numeric codes as they appear in `MCP error <code>: …` text (the SDK's `McpError`
 * message). Only the codes MCP itself uses; the full tables live in the jsonrpc and mcp dialects.
 */
const MCP_TEXT_CODES = codeTable<{ code: string; category: ErrorCategory }>({
  [-32700]: { code: 'PARSE_ERROR', category: 'protocol' },
  [-32600]: { code: 'INVALID_REQUEST', category: 'protocol' },
  [-32601]: { code: 'METHOD_NOT_FOUND', category: 'protocol' },
  [-32602]: { code: 'INVALID_PARAMS', category: 'validation' },
  [-32603]: { code: 'INTERNAL_ERROR', category: 'internal' },
  [-32000]: { code: 'CONNECTION_CLOSED', category: 'unavailable' },
  [-32001]: { code: 'REQUEST_TIMEOUT', category: 'timeout' },
  [-32002]: { code: 'RESOURCE_NOT_FOUND', category: 'not_found' },
  [-32042]: { code: 'URL_ELICITATION_REQUIRED', category: 'auth' },
});

/**
 * Conservative keyword rules, first match wins. Each needs a phrase that hardly occurs in a
 * message about anything else; what none of them matches stays `internal`.
 */
const KEYWORDS: readonly (readonly [RegExp, ErrorCategory])[] = [
  [/\brate[ -]?limit(?:ed)?\b|\btoo many requests\b/i, 'rate_limit'],
  [
    /\bunauthori[sz]ed\b|\bunauthenticated\b|\bnot (?:logged|signed) in\b|\bauthentication (?:failed|required)\b|\b(?:token|session) (?:has )?expired\b/i,
    'auth',
  ],
  [/\bpermission denied\b|\bforbidden\b|\baccess denied\b|\bnot permitted\b/i, 'permission'],
  [/\btimed out\b|\btimeout\b|\bdeadline exceeded\b/i, 'timeout'],
  [
    /\bservice unavailable\b|\btemporarily unavailable\b|\boverloaded\b|\bconnection (?:refused|reset|closed|is disposed)\b|\bnot connected\b|\beconn(?:refused|reset)\b/i,
    'unavailable',
  ],
  [/\bnot found\b|\bno such\b|\bdoes not exist\b/i, 'not_found'],
  [
    /\binvalid (?:argument|input|param(?:eter)?|value)s?\b|\bvalidation (?:error|failed)\b|\bis required\b/i,
    'validation',
  ],
];

// All the rules in one pattern, one group each: a text is scanned once, not once per rule
// (most texts match none). Where several rules match, the earliest rule still wins.
const ANY_KEYWORD = new RegExp(KEYWORDS.map(([pattern]) => `(${pattern.source})`).join('|'), 'gi');

function byKeyword(text: string, also = ''): ErrorCategory | undefined {
  const best = Math.min(earliestRule(text), also === '' ? KEYWORDS.length : earliestRule(also));
  return KEYWORDS[best]?.[1];
}

/** The index of the earliest rule that matches somewhere in `text` (KEYWORDS.length: none). */
function earliestRule(text: string): number {
  let best = KEYWORDS.length;
  ANY_KEYWORD.lastIndex = 0;
  for (let m = ANY_KEYWORD.exec(text); m !== null; m = ANY_KEYWORD.exec(text)) {
    for (let rule = 0; rule < best; rule++) {
      if (m[rule + 1] !== undefined) {
        best = rule;
        break;
      }
    }
    if (best === 0) break;
  }
  return best;
}

const UNDERSCORES = /_/g;

const DISPATCH_PREFIX = /^\s*tool dispatch error:\s*/i;

function build(
  message: string,
  category: ErrorCategory,
  code: string | undefined,
  retryable: boolean | undefined,
  retryAfterMs: number | undefined,
  details: Record<string, unknown> | undefined,
  text: string,
  data: unknown,
): AgentError {
  const wireCode = code ?? CATEGORIES[category].code;
  const wire: WireInfo =
    data === undefined
      ? { protocol: 'tool', code: wireCode, message: text }
      : { protocol: 'tool', code: wireCode, message: text, data };
  return decodedError({
    message,
    category,
    code,
    retryable,
    retryAfterMs,
    details,
    wire,
    cause: undefined,
  });
}

/**
 * Decode the text of a failed tool call into an {@link AgentError}. Tool error text in any form
 * ({@link parseToolErrorText}) keeps its fields. Text with no structure is classified, in order,
 * from the prefixes `Tool dispatch error: ` and `MCP error <code>: ` (repeated prefixes are all
 * stripped and the code kept), then from a few conservative keywords (`rate limit`, `timed out`,
 * `not found`, `unauthorized`, …); anything else is `internal` and not retryable. The text as
 * received stays in `wire` (`protocol: 'tool'`), with `data` (the tool result it came in, say)
 * when given. Never throws.
 *
 * @example
 * fromToolErrorText('MCP error -32001: MCP error -32001: Request timed out').category; // 'timeout'
 * fromToolErrorText('Something odd happened').category; // 'internal'
 */
export function fromToolErrorText(text: string, data?: unknown): AgentError {
  const received = typeof text === 'string' ? text : '';
  try {
    return decode(received, data);
  } catch {
    return build(received, 'internal', undefined, undefined, undefined, undefined, received, data);
  }
}

function decode(text: string, data: unknown): AgentError {
  const parsed = parseToolErrorText(text);
  if (parsed) {
    const category =
      parsed.category ??
      CATEGORY_BY_CODE.get(parsed.code) ??
      // The code's words and the message, each read on its own: a pattern over a string built
      // by `+` first copies it flat (a runtime call), which costs more than the two scans.
      byKeyword(parsed.code.replace(UNDERSCORES, ' '), parsed.message) ??
      'internal';
    return build(
      parsed.message,
      category,
      parsed.code,
      parsed.retryable,
      parsed.retryAfterMs,
      parsed.details,
      text,
      data,
    );
  }

  let message = mayStartWith(text, 0x54 /* T */, 0x74 /* t */)
    ? text.replace(DISPATCH_PREFIX, '')
    : text;
  const dispatched = message !== text;
  const prefix = readMcpErrorPrefix(message);
  const mcpCode = prefix.code;
  message = prefix.rest;
  message = message.trim();
  let details: Record<string, unknown> | undefined;
  if (dispatched) details = { dispatchError: true };
  if (mcpCode !== undefined) (details ??= {}).mcpErrorCode = mcpCode;
  // The code decides, as the mapping table in docs/design.md says, except for the SDKs' own
  // answer to an unknown tool, prompt or resource (-32602 `Tool x not found`): not_found.
  const unknownName = unknownNameCode(mcpCode, message);
  const known =
    unknownName !== undefined
      ? { code: unknownName, category: 'not_found' as const }
      : mcpCode === undefined
        ? undefined
        : MCP_TEXT_CODES.get(mcpCode);
  const category = known ? known.category : (byKeyword(message) ?? 'internal');
  const code = known ? known.code : CATEGORIES[category].code;
  return build(message, category, code, undefined, undefined, details, text, data);
}
