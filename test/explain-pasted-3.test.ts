import { spawnSync } from 'node:child_process';
import { createServer as createNetServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';
import { inspect } from 'node:util';
import { join } from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import { Metadata, status as GrpcStatus } from '@grpc/grpc-js';
// grpc-js's own builder of the error a failed call rejects with (`${code} ${Status[code]}: …`).
import { callErrorFromStatus } from '@grpc/grpc-js/build/src/call.js';
import mysql from 'mysql2/promise';
import OpenAI from 'openai';
import pg from 'pg';
import type { Client as PgClient } from 'pg';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentError, ERROR_CATEGORIES, decode } from 'agent-errors';
import { nextInWords } from '../src/cli/explain.js';
import { explainError } from '../src/cli/explain-report.js';
import { runCli } from '../src/cli/main.js';
import { nextStepText } from '../src/dialects/tool/model-text.js';
import {
  DB_PASSWORD,
  findPostgresBin,
  skipMariadbTests,
  skipPostgresTests,
  startMariadb,
  startPostgres,
} from './helpers/sql-servers.js';
import type { SqlServer } from './helpers/sql-servers.js';

// `explain` on the text a newcomer pastes: grpc-js's printed status, the Python and JS provider
// SDKs' printed errors, Node's printed `[cause]` block of a failed fetch, psql's and the mysql
// client's error lines. Each text is printed by the program that prints it; `explain` must read
// it as `decode` reads the error itself.

interface Report {
  recognised: { protocol: string | null; form: string; wireCode?: number | string };
  code: string;
  category: string;
  retryable: boolean;
  retryAfterMs?: number;
}

async function explainJson(text: string): Promise<Report> {
  let out = '';
  let err = '';
  const io = {
    stdout: { write: (t: string) => (out += t) },
    stderr: { write: (t: string) => (err += t) },
  };
  // After `--`: pasted text may itself start with dashes (the mariadb client's query echo).
  const code = await runCli(['explain', '--json', '--', text], io);
  expect(err).toBe('');
  expect(code).toBe(0);
  return JSON.parse(out) as Report;
}

async function explainText(text: string): Promise<string> {
  let out = '';
  const io = { stdout: { write: (t: string) => (out += t) }, stderr: { write: () => true } };
  await runCli(['explain', '--', text], io);
  return out;
}

/** What a careful client acts on, as `decode` reads the error itself. */
function reading(error: unknown) {
  const d = decode(error);
  return { code: d.code, category: d.category, retryable: d.retryable };
}

function readingOf(report: Report) {
  return { code: report.code, category: report.category, retryable: report.retryable };
}

describe('grpc-js printed status: every status code', () => {
  const codes = Object.entries(GrpcStatus).filter(
    (entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] !== 0,
  );

  it('covers the sixteen error codes of grpc-js', () => {
    expect(codes).toHaveLength(16);
  });

  it.each(codes)('%s: String(err) and the message alone read as the error', async (name, code) => {
    const error = callErrorFromStatus(
      { code, details: `call failed with ${name}`, metadata: new Metadata() },
      '',
    );
    for (const text of [String(error), error.message]) {
      const report = await explainJson(text);
      expect(report.recognised.protocol).toBe('grpc');
      expect(report.recognised.wireCode).toBe(code);
      expect(readingOf(report)).toEqual(reading(error));
    }
  });

  it('prose that starts with a number is not a status', async () => {
    const report = await explainJson('Error: 14 FOO: the number and the name do not agree');
    expect(report.recognised.protocol).not.toBe('grpc');
  });
});

// Each SDK's APIError subclass, built by the SDK (`APIError.generate`) from a status and a body.
const openaiBodies: readonly (readonly [number, Record<string, unknown>])[] = [
  [400, { error: { message: 'Invalid value for messages', type: 'invalid_request_error' } }],
  [401, { error: { message: 'Incorrect API key provided', code: 'invalid_api_key' } }],
  [
    403,
    { error: { message: 'Country not supported', code: 'unsupported_country_region_territory' } },
  ],
  [404, { error: { message: 'The model does not exist', code: 'model_not_found' } }],
  [409, { error: { message: 'Conflict', type: 'invalid_request_error' } }],
  [422, { error: { message: 'Unprocessable', type: 'invalid_request_error' } }],
  [429, { error: { message: 'You exceeded your current quota', code: 'insufficient_quota' } }],
  [429, { error: { message: 'Rate limit reached', code: 'rate_limit_exceeded' } }],
  [500, { error: { message: 'The server had an error', type: 'server_error' } }],
  [503, { error: { message: 'The engine is currently overloaded', type: 'server_error' } }],
];
const anthropicBodies: readonly (readonly [number, Record<string, unknown>])[] = [
  [400, { type: 'error', error: { type: 'invalid_request_error', message: 'bad' } }],
  [401, { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } }],
  [403, { type: 'error', error: { type: 'permission_error', message: 'no access' } }],
  [404, { type: 'error', error: { type: 'not_found_error', message: 'model: x' } }],
  [413, { type: 'error', error: { type: 'request_too_large', message: 'too large' } }],
  [429, { type: 'error', error: { type: 'rate_limit_error', message: 'slow down' } }],
  [500, { type: 'error', error: { type: 'api_error', message: 'Internal server error' } }],
  [529, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }],
];

describe('JS provider SDKs: String(err) of every APIError subclass', () => {
  const cases = [
    ...openaiBodies.map(([status, body]) => ['openai', status, body, OpenAI.APIError] as const),
    ...anthropicBodies.map(
      ([status, body]) => ['anthropic', status, body, Anthropic.APIError] as const,
    ),
  ];
  it.each(cases)('%s %i', async (_sdk, status, body, APIError) => {
    const error = APIError.generate(status, body, undefined, new Headers());
    const report = await explainJson(String(error));
    // The printed form keeps the status and the message, not the body's own code
    // (`invalid_api_key`): the category and the retry decision must still agree.
    const { category, retryable } = reading(error);
    expect(report).toMatchObject({ category, retryable });
  });

  const clientSide = [
    new OpenAI.APIConnectionError({ cause: new Error('fetch failed') }),
    new OpenAI.APIConnectionTimeoutError(),
    new OpenAI.APIUserAbortError(),
    new Anthropic.APIConnectionError({ cause: new Error('fetch failed') }),
    new Anthropic.APIConnectionTimeoutError(),
  ];
  it.each(clientSide.map((e) => [e.constructor.name, e] as const))(
    '%s: String(err) and the logged class name read as the error',
    async (_name, error) => {
      // `String(err)` says `Error: …`; a log (util.inspect) prints the class name first.
      for (const text of [String(error), inspect(error).split('\n', 1)[0]!]) {
        const report = await explainJson(text);
        expect(readingOf(report)).toEqual(reading(error));
      }
    },
  );
});

// One python3 runs every script of this file (a process each cost ~0.15 CPU-s, most of the
// file's own): each script runs as a program's `__main__` with its own globals, and an exception
// it does not catch is printed by the interpreter's own hook (`sys.excepthook`), the runner's frame
// left out: the same bytes a `python3 -c` run of the script prints.
const PYTHON_RUNNER = `
import io, json, sys
printed = []
for script in json.load(sys.stdin):
    sys.stdout, sys.stderr = io.StringIO(), io.StringIO()
    try:
        exec(compile(script, "<string>", "exec"), {"__name__": "__main__"})
    except BaseException:
        kind, value, tb = sys.exc_info()
        sys.excepthook(kind, value.with_traceback(tb.tb_next), tb.tb_next)
    printed.append(sys.stdout.getvalue() + sys.stderr.getvalue())
    sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
json.dump(printed, sys.stdout)
`;

/** What Python prints for each script (its output, then its traceback), in one python3 run. */
function runPython(scripts: readonly string[]): Map<string, string> {
  const result = spawnSync('python3', ['-c', PYTHON_RUNNER], {
    input: JSON.stringify(scripts),
    encoding: 'utf8',
    timeout: 20_000,
  });
  if (result.error !== undefined) throw result.error;
  if (result.status !== 0) throw new Error(`python3 failed (${result.status}):\n${result.stderr}`);
  const printed = JSON.parse(result.stdout) as string[];
  return new Map(scripts.map((script, i) => [script, printed[i]!]));
}
const hasPython = spawnSync('python3', ['--version']).status === 0;

describe.skipIf(!hasPython && process.env.CI !== 'true')(
  'Python provider SDKs: "Error code: NNN - {repr}"',
  () => {
    // openai-python and anthropic-python (`_base_client.py`, `_make_status_error_from_response`):
    // `err_msg = f"Error code: {response.status_code} - {body}"`, `body` the parsed JSON (a dict,
    // printed as its repr); the traceback's last line is `<module>.<Class>: <message>`.
    const statusScript = (module: string, cls: string, status: number, body: unknown): string =>
      [
        'import json, sys',
        `body = json.loads(${JSON.stringify(JSON.stringify(body))})`,
        `msg = f"Error code: {${status}} - {body}"`,
        'print(msg)',
        `${cls} = type(${JSON.stringify(cls)}, (Exception,), {"__module__": ${JSON.stringify(module)}})`,
        `raise ${cls}(msg)`,
      ].join('\n');
    const raiseScript = (cls: string, message: string): string =>
      `${cls} = type("${cls}", (Exception,), {"__module__": "openai"})\nraise ${cls}("${message}")`;
    const cases = [
      ...openaiBodies.map(([status, body]) => ['openai', status, body] as const),
      ...anthropicBodies.map(([status, body]) => ['anthropic', status, body] as const),
    ];
    const waits = [
      ['20ms', 20],
      ['2.5s', 2500],
      ['1m30s', 90_000],
      ['6m0s', 360_000],
    ] as const;
    const rateLimitBody = (said: string) => ({
      error: {
        message: `Rate limit reached for gpt-4o on requests per min (RPM): Limit 3. Please try again in ${said}. Visit the docs.`,
        type: 'requests',
        param: null,
        code: 'rate_limit_exceeded',
      },
    });
    const connectionErrors = [
      ['APIConnectionError', 'Connection error.'],
      ['APITimeoutError', 'Request timed out.'],
    ] as const;

    let outputs = new Map<string, string>();
    beforeAll(() => {
      outputs = runPython([
        ...cases.map(([module, status, body]) =>
          statusScript(module, 'APIStatusError', status, body),
        ),
        ...waits.map(([said]) =>
          statusScript('openai', 'RateLimitError', 429, rateLimitBody(said)),
        ),
        ...connectionErrors.map(([cls, message]) => raiseScript(cls, message)),
      ]);
    }, 30_000);
    const python = (script: string): string => {
      const output = outputs.get(script);
      if (output === undefined) throw new Error(`this script was not run:\n${script}`);
      return output;
    };
    /** What Python prints: `str(err)` of the message, and a traceback's last line. */
    const printed = (module: string, cls: string, status: number, body: unknown): string[] => {
      const out = python(statusScript(module, cls, status, body))
        .trim()
        .split('\n');
      return [out[0]!, out.at(-1)!];
    };
    it.each(cases)('%s %i', async (module, status, body) => {
      const texts = printed(module, 'APIStatusError', status, body);
      expect(texts[1]).toMatch(
        new RegExp(`^${module}\\.APIStatusError: Error code: ${status} - \\{`),
      );
      for (const text of texts) {
        const report = await explainJson(text);
        expect(report.recognised.form).toContain(`Python SDK error with HTTP status ${status}`);
        expect(readingOf(report)).toEqual(reading({ status, headers: {}, body }));
      }
    });

    // OpenAI's rate-limit message says the wait: `Please try again in 20ms` / `2.5s` / `1m30s`.
    it.each(waits)('the wait in the message (%s) is the retry-after', async (said, ms) => {
      const body = rateLimitBody(said);
      const [, traceback] = printed('openai', 'RateLimitError', 429, body);
      expect(traceback).toContain("'param': None");
      const report = await explainJson(traceback!);
      expect(report).toMatchObject({ category: 'rate_limit', retryable: true, retryAfterMs: ms });
      expect(await explainText(traceback!)).toContain(`Next step   wait ${ms} ms, then retry`);
      // The JS SDK prints the same message after the status.
      const js = OpenAI.APIError.generate(429, body, undefined, new Headers());
      expect((await explainJson(String(js))).retryAfterMs).toBe(ms);
    });

    it.each(connectionErrors)("the Python SDK's %s reads as the JS SDK's", async (cls, message) => {
      const line = python(raiseScript(cls, message)).trim().split('\n').at(-1)!;
      expect(line).toBe(`openai.${cls}: ${message}`);
      const js =
        cls === 'APITimeoutError'
          ? new OpenAI.APIConnectionTimeoutError()
          : new OpenAI.APIConnectionError({});
      expect(readingOf(await explainJson(line))).toEqual(reading(js));
    });
  },
);

describe("Node's printed [cause] block of a failed fetch", () => {
  const servers: Server[] = [];
  const sockets: Socket[] = [];
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  });
  async function listen(onSocket: (socket: Socket) => void): Promise<number> {
    const server = createNetServer((socket) => {
      sockets.push(socket);
      onSocket(socket);
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return (server.address() as AddressInfo).port;
  }
  async function fetchFailure(port: number, agent?: Agent): Promise<unknown> {
    try {
      await undiciFetch(`http://127.0.0.1:${port}/v1`, agent ? { dispatcher: agent } : {});
    } catch (error) {
      return error;
    }
    throw new Error('expected fetch to fail');
  }

  const ways: readonly (readonly [string, () => Promise<unknown>])[] = [
    [
      'ECONNREFUSED',
      async () => {
        const port = await listen(() => {});
        const closed = servers.pop()!;
        await new Promise((r) => closed.close(r));
        return fetchFailure(port);
      },
    ],
    ['ECONNRESET', async () => fetchFailure(await listen((s) => s.resetAndDestroy()))],
    ['UND_ERR_SOCKET', async () => fetchFailure(await listen((s) => s.end()))],
    [
      'UND_ERR_HEADERS_TIMEOUT',
      async () => fetchFailure(await listen(() => {}), new Agent({ headersTimeout: 50 })),
    ],
  ];

  it.each(ways)('%s', async (expected, fail) => {
    const error = await fail();
    const printed = inspect(error);
    expect(printed).toContain('[cause]');
    expect(printed).toContain(expected);
    const report = await explainJson(printed);
    expect(report.recognised.form).toContain(expected);
    expect(readingOf(report)).toEqual(reading(error));
    const text = await explainText(printed);
    expect(text).toContain('Message     fetch failed\n');
  });
});

const pgStatements: readonly string[] = [
  'SELECT 1/0',
  'SELECT * FROM missing_table',
  'SELECT nope FROM t',
  'SELEC 1',
  "SELECT 'x'::int",
  'INSERT INTO t VALUES (1)',
  'INSERT INTO t VALUES (NULL)',
  'INSERT INTO t VALUES (-1)',
  "INSERT INTO t (id, name) VALUES (2, 'much too long')",
  'SELECT missing_function()',
  'SELECT * FROM missing_schema.t',
  'SET statement_timeout = 1; SELECT pg_sleep(1)',
  'BEGIN READ ONLY; INSERT INTO t VALUES (3)',
  // RAISE lets the server send any SQLSTATE: one per class the readers' table names.
  ...['40P01', '40001', '08006', '28P01', '53300', '57P01', '55P03', '42501', 'P0001'].map(
    (state) =>
      `DO $$ BEGIN RAISE EXCEPTION 'raised %', '${state}' USING ERRCODE = '${state}'; END $$`,
  ),
];

describe.skipIf(skipPostgresTests())("psql's printed error, from a real server", () => {
  let server: SqlServer | undefined;
  let client: PgClient;
  beforeAll(async () => {
    server = await startPostgres();
    client = new pg.Client({
      host: '127.0.0.1',
      port: server.port,
      user: 'postgres',
      password: DB_PASSWORD,
      database: 'postgres',
    });
    await client.connect();
    await client.query(
      'CREATE TABLE t (id int PRIMARY KEY CHECK (id > 0), name varchar(4)); INSERT INTO t VALUES (1)',
    );
  }, 60_000);
  afterAll(async () => {
    await client?.end();
    await server?.dispose();
  });

  function psql(sql: string, verbose: boolean): string {
    const result = spawnSync(
      join(findPostgresBin()!, 'psql'),
      [
        '-h',
        '127.0.0.1',
        '-p',
        String(server!.port),
        '-U',
        'postgres',
        '-X',
        '-q',
        ...(verbose ? ['-c', '\\set VERBOSITY verbose'] : []),
        '-c',
        sql,
      ],
      { encoding: 'utf8', env: { ...process.env, PGPASSWORD: DB_PASSWORD }, timeout: 20_000 },
    );
    return result.stderr;
  }

  it.each(pgStatements)('%s', async (sql) => {
    const thrown = await client.query(sql).then(
      () => undefined,
      (e: unknown) => e,
    );
    await client.query('ROLLBACK').catch(() => {});
    await client.query('SET statement_timeout = 0');
    expect(thrown).toBeInstanceOf(Error);
    const verbose = psql(sql, true);
    expect(verbose).toMatch(/^ERROR: {2}[0-9A-Z]{5}: /);
    expect(readingOf(await explainJson(verbose))).toEqual(reading(thrown));
    const plain = psql(sql, false);
    expect(plain).toMatch(/^ERROR: {2}/);
    const report = await explainJson(plain);
    // Without the SQLSTATE the message decides: the server's fixed texts are known; a RAISE's own
    // message is not, and reads by its words.
    if (!sql.startsWith('DO ')) expect(readingOf(report)).toEqual(reading(thrown));
    expect(await explainText(verbose)).not.toContain('\\n');
  });
});

const mariadbStatements: readonly string[] = [
  'SELECT * FROM missing_table',
  'SELECT nope FROM t',
  'SELEC 1',
  'INSERT INTO t VALUES (1)',
  'INSERT INTO t VALUES (NULL)',
  "INSERT INTO t VALUES (2, 'much too long')",
  'USE missing_db',
  // SIGNAL sends any SQLSTATE and number: those the readers' tables name.
  ...(
    [
      [1213, '40001'],
      [1205, 'HY000'],
      [1040, '08004'],
      [1045, '28000'],
      [1290, 'HY000'],
      [1792, '25006'],
    ] as const
  ).map(
    ([errno, state]) =>
      `SIGNAL SQLSTATE '${state}' SET MESSAGE_TEXT = 'signalled ${errno}', MYSQL_ERRNO = ${errno}`,
  ),
];

describe.skipIf(skipMariadbTests())("the mysql client's printed error, from a real server", () => {
  let server: SqlServer | undefined;
  let connection: mysql.Connection;
  beforeAll(async () => {
    server = await startMariadb();
    connection = await mysql.createConnection({
      host: '127.0.0.1',
      port: server.port,
      user: 'root',
      password: '',
      multipleStatements: true,
    });
    await connection.query(
      'CREATE DATABASE app; USE app; CREATE TABLE t (id int PRIMARY KEY NOT NULL, name varchar(4)); INSERT INTO t VALUES (1, NULL)',
    );
  }, 60_000);
  afterAll(async () => {
    await connection?.end();
    await server?.dispose();
  });

  it.each(mariadbStatements)('%s', async (sql) => {
    const thrown = await connection.query(sql).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(Error);
    const result = spawnSync(
      'mariadb',
      ['-h127.0.0.1', `-P${server!.port}`, '-uroot', 'app', '-e', sql],
      { encoding: 'utf8', timeout: 20_000 },
    );
    const printed = result.stderr.trim();
    expect(printed).toMatch(/^ERROR \d+ \([0-9A-Z]{5}\)/m);
    const report = await explainJson(printed);
    expect(report.recognised.form).toContain("mysql client's printed error");
    expect(readingOf(report)).toEqual(reading(thrown));
  });
});

describe('the next step explain prints agrees with the model-facing Next step line', () => {
  // Every category × retryable × a wait or none, against `nextStepText` (docs/guides/
  // model-sdk-tools.md) and `retry`'s backoff (docs/retry.md): no retryable error is "retry now".
  const combinations = ERROR_CATEGORIES.flatMap((category) =>
    [true, false].flatMap((retryable) =>
      [undefined, 2000].map((retryAfterMs) => [category, retryable, retryAfterMs] as const),
    ),
  );
  it.each(combinations)('%s, retryable %s, wait %s', (category, retryable, retryAfterMs) => {
    const error = new AgentError('it failed', {
      category,
      code: 'SOME_CODE',
      retryable,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });
    const words = nextInWords(explainError(error, error));
    const model = nextStepText(error);
    expect(words).not.toMatch(/retry now/);
    const modelRetries = /^Wait\b|, then call this tool again\.$/.test(model);
    const explainRetries = /\bthen retry\b|retry after|retry the whole/.test(words);
    expect({ words, retries: explainRetries }).toEqual({ words, retries: modelRetries });
    if (explainRetries && retryAfterMs !== undefined && /wait/.test(words)) {
      expect(words).toContain(`${retryAfterMs} ms`);
    }
  });
});
