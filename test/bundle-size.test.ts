// The bundle-size targets, measured as `npm run bench` prints them (bench/bundle-size.js: esbuild
// from dist/, minified, gzipped).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { requireBuild, root } from './built.js';
import { ensureDist } from './helpers/dist.js';

interface Measured {
  name: string;
  minBytes: number;
  gzipBytes: number;
  targetKb?: number;
}

let measured: Measured[];

beforeAll(() => {
  requireBuild();
  ensureDist();
  measured = JSON.parse(
    execFileSync(process.execPath, [join(root, 'bench', 'bundle-size.js'), '--json'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    }),
  ) as Measured[];
}, 120_000);

// The ceilings are the bench's targets (the full decode's is issue 36's 50 KB), but for three not
// met yet, held at today's figure (+0.3 KB) so that none grows unnoticed:
// - a decoder of the HTTP, provider-SDK and client-library readers is 30.9 KB against 15:
//   AgentError with what its toJSON pulls in (serialisation, redaction and its secret tables, the
//   look-alike letters of UTS #39 among them) is 11.3 KB of it, and toJSON's serialisation and
//   redaction alone 9.2 KB of the decoder (measured with toJSON stubbed: 21.7 KB); the web APIs'
//   conventions and service tables (web-apis.ts, platform-apis.ts, service-apis.ts) 2.5 KB; the
//   rest is the HTTP readers' own code and tables (headers, provider bodies, code words, client
//   libraries) and the decoder's steps (`node bench/bundle-inputs.js createDecoder` lists what
//   each file costs). Storing the tables' rows more compactly buys little once gzipped (rows as
//   one string: 0.2 KB of the full decode's 476 rows): what remains is code;
// - `createRetry` given that decoder is 37.3 KB against 20: the decoder above plus the retry loop
//   with its consecutive breaker, budget, shared wait and gate (6.4 KB; the rate breakers and the
//   bulkhead come only as `features: [rateBreaker, bulkhead]`);
// - the full decode is 56.3 KB against 50: every reader and its code, the database families'
//   among them (no compatibility class rides along: the readers import the guards, not the
//   classes, and no writer: a category-less ToolError's `wire` is written by the text's block
//   writer alone, which took the ToolError text writer out, 0.9 KB).
// The fourth fresh HTTP set's rows (provider codes by their ending, Google ErrorInfo reasons,
// the AI SDK's parse / object / download errors, GraphQL's uncoded HTTP failures) cost about
// 0.35 KB of each. The fifth HTTP set's (the tool APIs' tables: S3 and Azure XML codes, Graph and
// ARM, Firebase Auth, Telegram, Salesforce, HubSpot, PostgREST, Linear and AppSync GraphQL types,
// a body's wait, any spent limit's reset) cost 1.7 KB of the full decode and 1.4 KB of the
// others; the fifth database set's (MySQL's HY000 statement errors, MongoDB's retriable codes,
// Prisma's Data Proxy codes, Redis's script errors) and vscode-jsonrpc's ConnectionError reader
// 0.6 KB of the full decode, none of the others. One row helper for every table
// (core/meaning.ts) took 0.5 KB back. Node's TLS codes (EPROTO and the 27 X509 certificate
// codes, names that compress poorly) cost 0.4 KB of the full decode, none of the others. The
// sixth HTTP set's (the SaaS APIs' bodies: Postmark and Cloudflare numbers, Plaid, Okta, Square,
// Box, Brevo, Resend, Clerk, Dropbox, Airtable, Vercel, GitLab, Elasticsearch, Auth0's OAuth
// codes, per-day words) cost 1.3 KB of each. The code-words rule (a web API's unknown code read
// by its words) replaced 209 rows and took back 4 KB minified but 0.1 KB gzipped: gzip had
// already folded rows that repeat their meaning. The sixth database set's ORM reader and rows
// cost 0.3 KB of the full decode. The seventh set's AI-platform SDK rules (a generated SDK's
// rawResponse and body, a response on `.httpResponse`, a wait said in a message, TGI's context
// words) cost 0.25 KB of each; the Pinecone, Qdrant and Hugging Face classes 0.5 KB more of the
// full decode. The seventh tool-services set's (service SDKs' own errors: Stripe, Twilio,
// Discord, Linear and Notion tables, and the response rule's client headers classes,
// `bodyAsText` and a status kept as `code`) cost 1.1 KB of each; the agent frameworks' tables (the
// AI SDK's whole class list, LangGraph's classes and codes, the AI SDK's onError event and
// first-event rule) 0.5 KB of each. The tenth set's tool-API rules (a response in a plain-data
// cause or on the error itself, Tavily's and Gitbeaker's words, ExaError's code, HubSpot's 423 /
// 477) cost 0.4 KB of each; the `statusCode` reader (Resend's returned result, AirtableError)
// 0.25 KB more of the full decode. The eighth database set's (postgres.js's codes, the MariaDB
// connector's numbers, Kysely's messages, Mongoose's classes, Neo4j's status rules) cost 1.3 KB
// of the full decode, none of the others. The ninth set's hosted data services (the ClickHouse and
// SQLite dialects, Vitess's printed errors, PostgREST's error object, Upstash's texts) cost 2.0 KB
// of the full decode; Supabase's and Elastic's classes, a response on `.context` and Supabase's
// two statuses 0.35 KB of each. The eleventh set's GraphQL clients, Boom, a response returned
// instead of thrown, WebSocket close codes and the later HTTP statuses cost 1.3 KB of the full
// decode and 0.7 KB of each of the others. Together this stop's four sets: 5.7 KB of the full
// decode, 1.4 KB of the HTTP decoder.
const HOLDING_KB: Record<string, number> = {
  'decode (every reader)': 64.8,
  'createDecoder (HTTP, provider SDK and client library readers)': 34.6,
  'retry with that decoder': 41.0,
};

it('each measured import stays under its ceiling (min + gzip)', () => {
  const targeted = measured.filter((m) => m.targetKb !== undefined);
  expect(targeted.length).toBe(5);
  const over = targeted
    .map((m) => ({ m, ceiling: HOLDING_KB[m.name] ?? (m.targetKb as number) }))
    .filter(({ m, ceiling }) => m.gzipBytes > ceiling * 1000)
    .map(({ m, ceiling }) => `${m.name}: ${m.gzipBytes} bytes > ${String(ceiling)} KB`);
  expect(over).toEqual([]);
});
