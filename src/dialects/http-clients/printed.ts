/**
 * What the printed form (`String(err)`) of two client libraries' errors still says once the
 * response is gone, from the fixed texts of their sources and of the service:
 *
 * - Octokit's `RequestError` prints `HttpError: <GitHub's message> - <documentation_url>`;
 *   GitHub's messages for its common failures are fixed (docs.github.com, "Troubleshooting the
 *   REST API" and "Rate limits for the REST API"), each sent with one status.
 * - `@slack/web-api` (its `errors.ts`) prints a platform error as `An API error occurred:
 *   <error>` and a refused rate-limited call as `A rate-limit has been reached, you may retry
 *   this request in <n> seconds`.
 *
 * Each reading gives the response (or Slack body) the error stood for, decoded as that. Read by
 * `agent-errors explain` on pasted text.
 */
export const GITHUB_PRINTED_MESSAGES: readonly (readonly [RegExp, number])[] = [
  [/^Bad credentials|^Requires authentication/, 401],
  [/^Resource not accessible by|^Must have (?:admin|push) (?:rights|access)/, 403],
  [/^(?:API rate limit exceeded|You have exceeded a secondary rate limit)/, 403],
  [/^Not Found/, 404],
  [/^Git Repository is empty|^Conflict/, 409],
  [/^Validation Failed/, 422],
  [/^Repository access blocked/, 451],
  [/^Server Error/, 500],
];

const SLACK_PLATFORM = /^An API error occurred: (\w+)/;
const SLACK_RATE_LIMITED =
  /^A rate-limit has been reached, you may retry this request in (\d+) seconds/;

/**
 * The value the printed message of an Octokit (`name` `HttpError`) or Slack error stands for: a
 * response `{ status, headers, body }` or Slack's `{ ok: false, error }`; `undefined` for any
 * other message.
 */
export function printedClientLibraryError(name: string, message: string): unknown {
  const slack = SLACK_PLATFORM.exec(message);
  if (slack !== null) return { ok: false, error: slack[1] };
  const wait = SLACK_RATE_LIMITED.exec(message);
  if (wait !== null) return { status: 429, headers: { 'retry-after': wait[1] }, body: message };
  if (name !== 'HttpError') return undefined;
  // Octokit appends ` - <documentation_url>` to GitHub's message.
  const said = message.split(' - https://', 1)[0]!;
  const row = GITHUB_PRINTED_MESSAGES.find(([pattern]) => pattern.test(said));
  if (row === undefined) return undefined;
  // A spent primary limit is told by its header; the secondary one by its message.
  const headers: Record<string, string> = said.startsWith('API rate limit exceeded')
    ? { 'x-ratelimit-remaining': '0' }
    : {};
  return { status: row[1], headers, body: { message: said } };
}
