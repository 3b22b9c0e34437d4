#!/usr/bin/env node
/* global setTimeout */
// Captures the error corpus for `decode` from the real SDKs, in process.
//
//   node scripts/capture-fixtures.mjs        writes test/fixtures/corpus.json
//
// Every peer runs in this process (no network beyond 127.0.0.1). What crosses the wire is
// recorded by a spy on the real transport, never by a mock of an SDK; what the SDK hands the
// caller is recorded as `{ name, message, code, data }`. Values that change between runs (UUIDs,
// ports, temp paths) become placeholders, so re-running gives the same file byte for byte.
// test/fixtures/README.md explains the entries and the conventions of `expected`.
//
// One module per protocol or source lives in scripts/fixtures/. They run one after the other, in
// this order, which is the order of the entries in the file: reorder them and the file changes.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { captureA2a } from './fixtures/a2a.mjs';
import { captureAcpDocs } from './fixtures/acp-docs.mjs';
import { captureAcpRawFrames } from './fixtures/acp-raw.mjs';
import { captureAcp } from './fixtures/acp.mjs';
import { captureArcp } from './fixtures/arcp.mjs';
import { captureGraphql } from './fixtures/graphql.mjs';
import { captureHermes } from './fixtures/hermes.mjs';
import { captureHttp } from './fixtures/http.mjs';
import { captureHttpClients } from './fixtures/http-clients.mjs';
import { captureDatabases } from './fixtures/databases.mjs';
import { addNoHintCopies } from './fixtures/jsonrpc.mjs';
import { captureLsp } from './fixtures/lsp.mjs';
import { captureMcpServer } from './fixtures/mcp-high-level.mjs';
import { captureMcp } from './fixtures/mcp.mjs';
import { captureNode } from './fixtures/node.mjs';
import { captureSchemas } from './fixtures/schemas.mjs';
import { entries, normalise } from './fixtures/shared.mjs';
import { captureToolErrors } from './fixtures/tool.mjs';
import { captureWorld, captureWorldInstances } from './fixtures/world.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outFile = join(root, 'test', 'fixtures', 'corpus.json');
const instancesFile = join(root, 'test', 'fixtures', 'sdk-instances.json');

// Every wait in the capture modules is bounded; this is the backstop.
const watchdog = setTimeout(() => {
  console.error('capture-fixtures: gave up after 90 s');
  process.exit(1);
}, 90_000);
watchdog.unref();

async function main() {
  // Captured from the SDKs and the runtime.
  await captureMcp();
  await captureMcpServer();
  await captureAcp();
  await captureAcpRawFrames();
  await captureLsp();
  await captureA2a();
  await captureHttp();
  await captureNode();
  await captureSchemas();
  await captureGraphql();
  await captureHttpClients();
  // Documented shapes, written out by hand.
  captureAcpDocs();
  captureToolErrors();
  captureHermes();
  captureArcp();
  captureWorld();
  // Copies of the JSON-RPC entries above, so it comes after them.
  addNoHintCopies();
  // Database errors from servers started here (none of them is copied): appended last.
  await captureDatabases(outFile);

  const ids = new Set();
  for (const e of entries) {
    if (ids.has(e.id)) throw new Error(`capture-fixtures: duplicate id ${e.id}`);
    ids.add(e.id);
  }
  const corpus = normalise(entries);
  await mkdir(dirname(outFile), { recursive: true });
  await writeFile(outFile, `${JSON.stringify(corpus, null, 2)}\n`);
  const instances = await captureWorldInstances();
  await writeFile(instancesFile, `${JSON.stringify(instances, null, 2)}\n`);
  const counts = {};
  for (const e of corpus) counts[e.source] = (counts[e.source] ?? 0) + 1;
  console.log(`capture-fixtures: wrote ${corpus.length} entries to test/fixtures/corpus.json`);
  for (const [source, count] of Object.entries(counts)) console.log(`  ${source}: ${count}`);
  const byFamily = {};
  for (const e of instances) byFamily[e.source] = (byFamily[e.source] ?? 0) + 1;
  console.log(
    `capture-fixtures: wrote ${instances.length} recipes to test/fixtures/sdk-instances.json`,
  );
  for (const [source, count] of Object.entries(byFamily)) console.log(`  ${source}: ${count}`);
}

// Exit explicitly: a peer an SDK left open (a socket, a timer) must not keep the process alive.
main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
