import { connect, createServer } from 'node:net';
import { AgentError, nextAction } from '../core/agent-error.js';
import type { NextAction } from '../core/categories.js';
import { serializeError } from '../core/serialize.js';
import type { SerializedError } from '../core/serialize.js';
import { toAgentError } from '../core/to-agent-error.js';
import type { Style } from './style.js';

/** One realistic failure, as the demo shows it. */
export interface DemoCase {
  title: string;
  thrown: string;
  code: string;
  category: string;
  retryable: boolean;
  retryAfterMs?: number;
  next: NextAction;
  serialized: SerializedError;
}

async function refusedConnection(): Promise<unknown> {
  // Find a port nobody listens on, then really connect to it.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', resolve);
    socket.on('connect', () => {
      socket.destroy();
      resolve(new Error(`unexpectedly connected to 127.0.0.1:${port}`));
    });
  });
}

async function schemaFailure(): Promise<unknown> {
  try {
    // zod is a devDependency: present in this repository, absent for users of the package.
    const { z } = await import('zod');
    const result = z
      .object({ channel: z.string().min(1), limit: z.number().int().max(100) })
      .safeParse({ channel: '', limit: 500 });
    return result.error;
  } catch {
    return {
      issues: [
        { path: ['channel'], message: 'Too small: expected string to have >=1 characters' },
        { path: ['limit'], message: 'Too big: expected number to be <=100' },
      ],
    };
  }
}

async function aborted(): Promise<unknown> {
  const controller = new AbortController();
  const pending = new Promise((_resolve, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error));
  });
  controller.abort();
  return pending.catch((error: unknown) => error);
}

function describeThrown(value: unknown): string {
  const issues = (value as { issues?: unknown } | null)?.issues;
  if (Array.isArray(issues))
    return `${value instanceof Error ? value.name : 'schema failure'} with ${issues.length} issues`;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  return typeof value === 'object' && value !== null
    ? 'a schema failure result { issues }'
    : String(value);
}

/** Run the failures and classify each one. */
export async function runDemoCases(): Promise<DemoCase[]> {
  const scenarios: [string, () => Promise<unknown>][] = [
    [
      'A tool crashes with a token in its message',
      () =>
        Promise.resolve(
          new Error(
            'GitHub API rejected request: Authorization: Bearer ghp_R4nd0mT0k3nV4lu3Th4tL00ksR3al0001 (401)',
          ),
        ),
    ],
    ['The database is down (a real ECONNREFUSED)', refusedConnection],
    ['The model sent bad arguments (a real Zod failure)', schemaFailure],
    ['The user pressed stop (an AbortSignal)', aborted],
    [
      'An upstream asks us to slow down',
      () =>
        Promise.resolve(
          AgentError.rateLimited('Slack API rate limit', {
            retryAfterMs: 2000,
            code: 'SLACK_RATE_LIMITED',
          }),
        ),
    ],
  ];
  const cases: DemoCase[] = [];
  for (const [title, make] of scenarios) {
    const thrown = await make();
    const error = toAgentError(thrown);
    cases.push({
      title,
      thrown: describeThrown(thrown),
      code: error.code,
      category: error.category,
      retryable: error.retryable,
      ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}),
      next: nextAction(error),
      serialized: serializeError(error, { includeCause: false }),
    });
  }
  return cases;
}

const ACTION_TEXT: Record<NextAction, string> = {
  retry: 'retry now',
  wait_and_retry: 'wait, then retry',
  reauthenticate: 'log in again',
  fix_input: 'fix the input',
  request_permission: 'ask for permission',
  give_up: 'give up',
};

/** Render the cases for a person. */
export function formatDemo(cases: readonly DemoCase[], style: Style): string {
  const lines: string[] = [
    style.bold('agent-errors demo: realistic failures, normalised, classified and serialised'),
    '',
  ];
  for (const c of cases) {
    const wait = c.retryAfterMs !== undefined ? ` after ${c.retryAfterMs} ms` : '';
    const verdict = c.retryable ? style.green(`retryable${wait}`) : style.red('not retryable');
    lines.push(
      style.bold(`• ${c.title}`),
      `  thrown:     ${style.dim(c.thrown)}`,
      `  classified: ${style.cyan(c.category)} ${c.code}, ${verdict}`,
      `  next step:  ${style.yellow(ACTION_TEXT[c.next])}`,
      `  serialised: ${JSON.stringify(c.serialized)}`,
      '',
    );
  }
  return lines.join('\n');
}
