// What the demo's agent and its server agree on.

/** The credential the crashing tool leaks into its error message. Fake, shaped like a real one. */
export const DEMO_TOKEN = 'ghp_dEm0T0k3nTh4tMustN3v3rCr0ssTh3W1r3';
/** How long the agent waits for one answer before it gives the attempt up. */
export const CALL_TIMEOUT_MS = 500;
/** How long the server's rate limit asks the agent to wait. */
export const RATE_LIMIT_RETRY_AFTER_MS = 250;
/** How long the slow tool takes on its first call (it is cancelled well before). */
export const SLOW_RENDER_MS = 2_000;

/** The tool calls the agent makes, each meeting one kind of failure. */
export const SCENARIOS = [
  { tool: 'calendar.list', story: 'login expired', arguments: { day: '2026-11-23' } },
  { tool: 'search.web', story: 'rate limited', arguments: { q: 'agent errors' } },
  { tool: 'files.read', story: 'not found', arguments: { path: 'reports/q3.md' } },
  { tool: 'db.query', story: 'bad arguments', arguments: { sql: 'select 1', limit: 500 } },
  { tool: 'report.render', story: 'slow, times out', arguments: { id: 'weekly' } },
  { tool: 'inventory.sync', story: 'flapping', arguments: {} },
  { tool: 'logs.export', story: 'crash with a token', arguments: { since: '1h' } },
  { tool: 'llm.complete', story: 'quota used up', arguments: { prompt: 'summarise' } },
  { tool: 'crm.createContact', story: 'reply lost', arguments: { email: 'ada@example.com' } },
];
