import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Folder rules that no compiler checks.
const src = fileURLToPath(new URL('../src/', import.meta.url));

/** The source files of `dir` and its subfolders, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(join(src, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.includes('.test.') && !f.includes('.test-d.'))
    .map((f) => join(src, dir, f));
}

/** The top folders under src/ that `file` imports from (`.` for its own; packages as named). */
function foldersImportedBy(file: string): string[] {
  const own = relative(src, file).split('/')[0];
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)[^'"]*from\s+['"]([^'"]+)['"]/gm)].map((m) => {
    const specifier = m[1] ?? '';
    if (!specifier.startsWith('.')) return specifier;
    const top = relative(src, join(dirname(file), specifier)).split('/')[0];
    return top === own ? '.' : (top ?? '');
  });
}

describe('layers', () => {
  // The SDK wrappers sit above the one classifier, like retry/: what a handler throws can come
  // from anywhere, so they classify through front/ and speak through the dialects. The retry
  // adapters (aiRetryMiddleware, withLangChainRetry) run the governor inside an SDK: they sit
  // above retry/, which imports nothing of sdk/ (below).
  it('sdk/ (the official SDKs’ wrappers) imports only its own folder, core, dialects, front, the registry, the helpers and retry', () => {
    const files = sources('sdk');
    expect(files.length).toBeGreaterThanOrEqual(6);
    for (const file of files) {
      for (const folder of foldersImportedBy(file)) {
        expect(
          ['.', 'core', 'dialects', 'front', 'registry', 'helpers', 'retry'],
          `${file} imports ${folder}`,
        ).toContain(folder);
      }
    }
  });

  // The per-protocol helpers (`toHttpResponse`, `toRequestError`, …) are `encode` with the
  // protocol's own output type: they sit above front/, and build the dialects' classes from it.
  it('helpers/ imports only its own folder, core, dialects, front and the registry', () => {
    for (const file of sources('helpers')) {
      for (const folder of foldersImportedBy(file)) {
        expect(
          ['.', 'core', 'dialects', 'front', 'registry'],
          `${file} imports ${folder}`,
        ).toContain(folder);
      }
    }
  });

  it('nothing below the wrappers imports sdk/ (only the entries do)', () => {
    for (const dir of [
      'core',
      'dialects',
      'front',
      'helpers',
      'registry',
      'rpc',
      'retry',
      'idempotency',
      'redis',
    ]) {
      for (const file of sources(dir)) {
        expect(foldersImportedBy(file), file).not.toContain('sdk');
      }
    }
  });

  // A dialect builds on the hub and on the base of its family, never on a sibling: conversion
  // between protocols goes through the hub. One row per folder under src/dialects/.
  const DECLARED_BASES: Readonly<Record<string, readonly string[]>> = {
    // ToolError text: MCP tool results carry it, JSON-RPC data may relay a ToolError's fields
    // (opentabs' dispatch), and its reader knows the text SDKs print (`MCP error -32001: …`).
    tool: [],
    // The JSON-RPC family's base: the error object, its code tables and its reader.
    jsonrpc: ['tool'],
    // Google's RPC status details (google.rpc.Status, ErrorInfo, RetryInfo, QuotaFailure).
    'google-rpc': [],
    // Schema failures (Zod, Valibot, Standard Schema issues): ACP sends them as invalid params'
    // data, gRPC as BadRequest field violations.
    schema: [],
    acp: ['jsonrpc', 'schema'],
    lsp: ['jsonrpc'],
    a2a: ['jsonrpc', 'google-rpc'],
    mcp: ['jsonrpc', 'tool'],
    arcp: ['jsonrpc'],
    http: ['google-rpc'],
    grpc: ['google-rpc', 'schema'],
    // Error families that are no wire protocol, each a reader of its own.
    dom: [],
    'node-system': [],
    'provider-sdks': ['http'],
    // GraphQL over HTTP: its errors come with the response's status and rate-limit headers.
    graphql: ['http'],
    // The agent frameworks' tables (AI SDK, LangChain, LangGraph): what they wrap is HTTP.
    'agent-frameworks': ['http'],
    // A client library's error may carry a GraphQL response (graphql-request's `ClientError`);
    // the AI SDK's and LangChain's classes are read among the client libraries'.
    'http-clients': ['http', 'graphql', 'agent-frameworks'],
    // The databases' families share the base `database`: the stable DB_* codes, the retry scope,
    // SQLSTATE's class table and MySQL's error numbers (PostgreSQL and MySQL send SQLSTATE, MySQL
    // its numbers too; Prisma relays either on P2010).
    database: [],
    postgres: ['database'],
    mysql: ['database'],
    mongodb: ['database'],
    prisma: ['database'],
    'redis-errors': ['database'],
    // SQLite's result codes (libSQL, better-sqlite3) and ClickHouse's named exceptions.
    sqlite: ['database'],
    clickhouse: ['database'],
    // Sequelize's and knex's own errors by class name, read as database errors (the DB_* codes).
    orm: ['database'],
    // neo4j-driver's Neo4jError by its status code, read as a database error (the DB_* codes).
    neo4j: ['database'],
    // vscode-jsonrpc's ConnectionError: a client's own error, no JSON-RPC error object.
    'jsonrpc-connection': [],
  };

  it('every dialect folder has a row of declared bases', () => {
    const folders = readdirSync(join(src, 'dialects'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(folders).toEqual(Object.keys(DECLARED_BASES).sort());
  });

  it.each(Object.entries(DECLARED_BASES))(
    'dialects/%s imports only core, its own folder and its declared bases %j',
    (dialect, bases) => {
      for (const file of sources(`dialects/${dialect}`)) {
        const text = readFileSync(file, 'utf8');
        for (const m of text.matchAll(/^\s*(?:import|export)[^'"]*from\s+['"]([^'"]+)['"]/gm)) {
          const specifier = m[1] ?? '';
          if (!specifier.startsWith('.')) {
            expect.fail(`${file} imports the package ${specifier}`);
          }
          const target = relative(src, join(dirname(file), specifier)).split('/');
          const allowed =
            target[0] === 'core' ||
            (target[0] === 'dialects' &&
              (target[1] === dialect || bases.includes(target[1] ?? '')));
          expect(allowed, `${file} imports ${specifier}`).toBe(true);
        }
      }
    },
  );

  it('front/ imports only core/ and the registry', () => {
    for (const file of sources('front')) {
      for (const folder of foldersImportedBy(file)) {
        expect(['.', 'core', 'registry'], `${file} imports ${folder}`).toContain(folder);
      }
    }
  });

  it('core/ imports nothing outside core/', () => {
    for (const file of sources('core')) {
      expect(
        foldersImportedBy(file).filter((f) => f !== '.'),
        file,
      ).toEqual([]);
    }
  });

  // Core is the hub: a protocol's codes, an error family's codes or a library's class names live
  // in that protocol's or family's folder. Core keeps the list of protocol names (categories.ts:
  // AgentError.wire and serialisation check a name against it) and the reader view's note of a
  // `jsonrpc` member; nothing else in it may name a protocol or hold another's codes.
  const NAMES_CORE_MAY_USE: Readonly<Record<string, readonly string[]>> = {
    'categories.ts': ['jsonrpc', 'acp', 'mcp', 'lsp', 'a2a', 'arcp', 'tool', 'http', 'grpc'],
    'reader.ts': ['jsonrpc'],
  };
  const PROTOCOL_NAMES = ['jsonrpc', 'acp', 'mcp', 'lsp', 'a2a', 'arcp', 'tool', 'http', 'grpc'];

  /** `text` without its comments (line and block), so that prose may name anything. */
  function code(text: string): string {
    return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  }

  it('core/ holds no protocol or error family table', () => {
    for (const file of sources('core')) {
      const text = code(readFileSync(file, 'utf8'));
      const allowed = NAMES_CORE_MAY_USE[relative(join(src, 'core'), file)] ?? [];
      const literals = [...text.matchAll(/'([^'\n]*)'|"([^"\n]*)"/g)].map((m) => m[1] ?? m[2]);
      for (const literal of literals) {
        const where = `${relative(src, file)}: '${literal ?? ''}'`;
        // A protocol's name (a branch or a table keyed by protocol).
        if (PROTOCOL_NAMES.includes(literal ?? '')) expect(allowed, where).toContain(literal);
        // A Node system error's code (ENOENT, ERR_SOCKET_CLOSED, UND_ERR_SOCKET).
        expect(/^(?:E[A-Z0-9]{3,}|ERR_[A-Z_]+|UND_ERR_[A-Z_]+)$/.test(literal ?? ''), where).toBe(
          false,
        );
        // A schema library's class or the member a schema failure is read by.
        expect(['ZodError', 'ValiError', 'issues'], where).not.toContain(literal);
      }
      // A JSON-RPC family code.
      expect(/-32[0-9]{3}\b/.test(text), `${relative(src, file)} holds a JSON-RPC code`).toBe(
        false,
      );
    }
  });
});
