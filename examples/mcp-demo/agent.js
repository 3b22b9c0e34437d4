// An agent as its authors write it: the official MCP SDK's Client over stdio, each tool call
// through agent-errors' `callToolOrThrow` (an `isError` result or an SDK rejection becomes a
// classified AgentError) inside `retry` (which obeys what the error says). Run: `npm start`.
import { setTimeout } from 'node:timers';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { nextAction } from 'agent-errors';
import { callToolOrThrow } from 'agent-errors/mcp';
import { retry, retryStopOf } from 'agent-errors/retry';
import { CALL_TIMEOUT_MS, DEMO_TOKEN, SCENARIOS } from './scenarios.js';

const started = performance.now();
// No run lasts longer than this, even against a server that never answers.
const deadline = setTimeout(() => {
  console.error('demo: no result after 15 s; giving up');
  process.exit(1);
}, 15_000);
deadline.unref();

const serverPath = fileURLToPath(new URL('./server.js', import.meta.url));
const transport = new StdioClientTransport({
  command: process.execPath,
  args: [serverPath],
  stderr: 'pipe',
});
const serverLog = [];
transport.stderr?.on('data', (chunk) => serverLog.push(String(chunk)));
const client = new Client({ name: 'demo-agent', version: '1.0.0' });
await client.connect(transport);

// Every message that crosses, both ways, kept to scan for the token at the end.
const crossed = [];
const send = transport.send.bind(transport);
transport.send = (message, options) => (
  crossed.push(JSON.stringify(message)),
  send(message, options)
);
const receive = transport.onmessage;
transport.onmessage = (message, extra) => (
  crossed.push(JSON.stringify(message)),
  receive?.(message, extra)
);

/** One logical tool call: retried as the errors say, its arguments fixed when the model can. */
async function run({ tool, story, arguments: args }) {
  let first; // the first failure, as the agent classified it
  let modelRead; // the text the model was shown for it
  let fixed = '';
  let calls = 0;
  const waits = [];
  let params = { name: tool, arguments: args };
  try {
    const result = await retry(
      (attempt) => {
        calls += 1;
        return callToolOrThrow(client, params, {
          attempt: attempt.attempt,
          idempotencyKey: attempt.idempotencyKey,
          signal: attempt.signal,
          requestOptions: { timeout: CALL_TIMEOUT_MS },
        });
      },
      {
        maxAttempts: 4,
        onRetry: ({ delayMs }) => void waits.push(Math.round(delayMs)),
        // The "model": it reads the failed result and, for bad arguments, fixes them and calls
        // again. A validation error is not retryable as it is; with new arguments it is a new try.
        shouldRetry: (err) => {
          first ??= err;
          modelRead ??= nextStepOf(err);
          if (err.category !== 'validation' || fixed !== '') return err.retryable;
          const issue = err.details?.issues?.[0];
          const limit = issue?.path?.at(-1) === 'limit' ? 100 : undefined;
          if (limit === undefined) return false;
          fixed = `set limit=${limit}`;
          params = { name: tool, arguments: { ...args, limit } };
          return true;
        },
      },
    );
    return { tool, story, first, modelRead, fixed, calls, waits, ok: textOf(result) };
  } catch (err) {
    first ??= err;
    modelRead ??= nextStepOf(err);
    return {
      tool,
      story,
      first,
      modelRead,
      fixed,
      calls,
      waits,
      failed: err,
      stop: retryStopOf(err),
    };
  }
}

/** What the tool told the model: the `Next step:` line of its text, or what the SDK rejected with. */
function nextStepOf(err) {
  if (err.wire?.protocol === 'tool') {
    return /^Next step: (.*)$/m.exec(err.wire.message)?.[1] ?? err.message;
  }
  const code = err.wire?.code === undefined ? '' : ` ${err.wire.code}`;
  return `(no result in ${CALL_TIMEOUT_MS} ms: the SDK rejected with${code} ${err.message})`;
}

function textOf(result) {
  return result.content?.find((part) => part.type === 'text')?.text ?? '';
}

function classified(err) {
  if (err === undefined) return '';
  if (err.retryAfterMs !== undefined) return `${err.category}, retry in ${err.retryAfterMs} ms`;
  return `${err.category}${err.retryable ? ', retryable' : ''}`;
}

function outcome(row) {
  const calls = `${row.calls} call${row.calls === 1 ? '' : 's'}`;
  return row.ok !== undefined ? `ok after ${calls}` : `failed after ${calls}`;
}

/** What the agent did, in words. */
function did(row) {
  const steps = [];
  if (row.fixed) steps.push(`${row.fixed}, called again`);
  else if (row.waits.length > 0) steps.push(`waited ${row.waits.join(' + ')} ms, called again`);
  if (row.ok !== undefined) return `${steps.join('; ')} → ${row.ok}`;
  const reason = row.stop?.reason ?? 'not_retryable';
  const why = reason === 'not_retryable' ? nextAction(row.failed) : reason;
  return [...steps, `stopped (${why}): ${row.failed.code}`].join('; ');
}

const WIDTH = 100;
const cut = (text) => (text.length > WIDTH ? `${text.slice(0, WIDTH - 1)}…` : text);
const pad = (text, width) => text.padEnd(width);

console.log('agent-errors demo: an MCP server built with the official SDK and withMcpErrors');
console.log('(examples/mcp-demo/server.js, over stdio), called by an agent with the SDK Client,');
console.log('callToolOrThrow and retry (examples/mcp-demo/agent.js)\n');
const rows = [];
for (const scenario of SCENARIOS) {
  const row = await run(scenario);
  rows.push(row);
  const mark = row.ok !== undefined ? '✓' : '✗';
  console.log(
    cut(
      `${mark} ${pad(row.tool, 18)}${pad(row.story, 19)}${pad(classified(row.first), 30)}${outcome(row)}`,
    ),
  );
  console.log(cut(`    the tool said: ${row.modelRead ?? '-'}`));
  console.log(cut(`    the agent: ${did(row)}`));
}

const stats = JSON.parse(textOf(await client.callTool({ name: 'demo.stats', arguments: {} })));
await client.close();

const bytes = crossed.reduce((n, text) => n + Buffer.byteLength(text), 0);
const leaked = crossed.some((text) => text.includes(DEMO_TOKEN));
const crash = rows.find((row) => row.tool === 'logs.export');
const errorId = crash?.first?.details?.errorId ?? '?';
console.log('');
console.log(
  `${leaked ? '✗ the token crossed' : '✓ the token never crossed'}: ${crossed.length} messages (${bytes} bytes) scanned;`,
);
console.log(
  `  the model saw "Internal error" with errorId ${String(errorId).slice(0, 8)}…, logged in full by the server: ${stats.loggedErrorIds.some((id) => id === errorId) ? 'yes' : 'no'}`,
);
console.log(
  `${stats.writes === 1 ? '✓' : '✗'} the write ran ${stats.writes === 1 ? 'once' : `${stats.writes} times`} for one idempotency key, its first reply lost`,
);
console.log(
  `✓ the server stopped work the agent gave up on: ${stats.cancelled.join(', ') || 'none'}`,
);
console.log(`done in ${Math.round(performance.now() - started)} ms`);
if (leaked || stats.writes !== 1) process.exitCode = 1;
