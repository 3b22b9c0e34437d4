import type { AgentError } from '../../core/agent-error.js';
import { classifiedAs } from '../../core/classified.js';
import { fromMeaning as made, meaning as m } from '../../core/meaning.js';
import type { Meaning } from '../../core/meaning.js';
import { fromHttpParts } from '../http/response.js';

/**
 * Clients whose errors keep the failure only in words, the response gone:
 *
 * - `@tavily/core` throws a plain `Error` whose message is the body's `detail.error`, or
 *   `"<status> Error: <body>"` when there is none. Tavily's messages are fixed
 *   (help.tavily.com, "Errors Code"): 401 "Unauthorized: missing or invalid API key", 429
 *   "blocked due to excessive requests", 432 "exceeds your plan's set usage limit", 433
 *   "exceeds the pay-as-you-go limit" (both a budget spent: no retry helps). Its
 *   `TavilyKeylessLimitError` names the cap reached (`capType`) and the wait in seconds
 *   (`retryAfter`, `null` for a cap that does not reset soon).
 * - Gitbeaker retries 429 and 502 itself, then throws `GitbeakerRetryError` saying "last
 *   status code: <status>".
 */

// Its 401's words ("Unauthorized") are read as any message's are; these say more than words.
const TAVILY_MESSAGES: readonly (readonly [RegExp, Meaning])[] = [
  [/excessive requests/, m('rate_limit', 'RATE_LIMITED')],
  [/(?:set usage|pay-as-you-go) limit/, m('quota', 'QUOTA_EXCEEDED')],
];

/**
 * A status said in words: `"<status> Error: <body>"` (Tavily's failure with no `detail.error`),
 * "…after 10 retries, last status code: 429. …" (Gitbeaker's `GitbeakerRetryError`).
 */
const STATUS_SAID = /^([45]\d\d) Error: |last status code: ([45]\d\d)\b/;

/** The reading of a plain `Error` (or one of the classes above) by its words alone. */
export function fromMessageOnly(error: Error): AgentError | undefined {
  const name = error.name;
  const message = error.message;
  if (name === 'TavilyKeylessLimitError') {
    const seconds = (error as Error & { retryAfter?: unknown }).retryAfter;
    return typeof seconds === 'number' && seconds >= 0
      ? made(error, m('rate_limit', 'RATE_LIMITED'), undefined, seconds * 1000)
      : made(error, m('quota', 'QUOTA_EXCEEDED'));
  }
  const said = STATUS_SAID.exec(message);
  if (said !== null) {
    const status = Number(said[1] ?? said[2]);
    return classifiedAs(error, fromHttpParts(status, undefined, undefined, message));
  }
  if (name !== 'Error') return undefined;
  const row = TAVILY_MESSAGES.find(([words]) => words.test(message));
  return row && made(error, row[1]);
}
