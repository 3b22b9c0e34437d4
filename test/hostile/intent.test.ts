// The one rule for intent (docs/design.md, "Safety on the wire"): an instance is meant to be sent
// only when it carries this library's brand or is an instance of a supported compatibility
// class. Every third-party form below, whatever fields it carries, is crossed with every way
// out (each encoder, each public helper road, toAgentError then encode, retry's RetryError,
// toExposableError); none may send its text. The compatibility classes, built by their own
// upstream packages, still go out with their words.
import { RequestError as SdkRequestError } from '@agentclientprotocol/sdk';
import { chromium, errors as playwrightErrors } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AgentError, PROTOCOLS, encode, toAgentError, toExposableError } from 'agent-errors';
import { retry } from 'agent-errors/retry';
import { ToolError } from 'agent-errors/tool';
import { ARCP_ERROR_CODES } from 'agent-errors/arcp';
import { isMeantToSend } from '../../src/registry/intent.js';
import { findChromium, skipBrowserTests } from '../helpers/chromium.js';
import { ROADS, wireText } from '../helpers/roads.js';

const MARK = 'intentmark';
const quiet = { onError: () => {} };

/** Third-party errors that look like ours or like a protocol's payload: all unexpected. */
const FORMS: Record<string, () => unknown> = {
  // The AWS SDK v2 builds its errors by copying fields onto an Error (AWS.util.error).
  'AWS SDK v2 { code, retryable }': () =>
    Object.assign(new Error(`Rate exceeded ${MARK} /home/${MARK}/x.json`), {
      code: 'ThrottlingException',
      retryable: true,
      statusCode: 400,
      time: new Date(),
      requestId: 'r-1',
    }),
  'an Error with our category field': () =>
    Object.assign(new Error(`quota ${MARK}`), {
      code: 'QUOTA',
      category: 'quota',
      retryable: false,
    }),
  'an Error with a JSON-RPC code': () => Object.assign(new Error(`bad ${MARK}`), { code: -32602 }),
  'an Error with an MCP reason': () =>
    Object.assign(new Error(`gone ${MARK}`), {
      code: -32002,
      reason: 'resource_not_found',
      data: {},
    }),
  'an Error with a gRPC code': () =>
    Object.assign(new Error(`14 UNAVAILABLE: ${MARK}`), { code: 14, details: MARK, metadata: {} }),
  'an Error named TimeoutError': () =>
    Object.assign(new Error(`waiting ${MARK}`), { name: 'TimeoutError' }),
  "playwright-core's TimeoutError class": () =>
    new playwrightErrors.TimeoutError(`Timeout 50ms exceeded ${MARK}`),
  // Errors of other libraries that carry an ARCP code and a boolean `retryable`, but are not built
  // by upstream @arcp/core's classes (no `details` of their own, or another name).
  ...Object.fromEntries(
    ARCP_ERROR_CODES.flatMap((code) => [
      [
        `an Error with ARCP code ${code} and retryable`,
        () => Object.assign(new Error(`${code} ${MARK}`), { code, retryable: code === 'TIMEOUT' }),
      ],
      [
        `a subclass named RuntimeFault with ${code}, retryable and details`,
        () => {
          class RuntimeFault extends Error {
            readonly code = code;
            readonly retryable = false;
            readonly details = {};
          }
          return new RuntimeFault(`${code} ${MARK}`);
        },
      ],
    ]),
  ),
};

/** Every way out, each giving the text that crosses the wire. */
async function waysOut(make: () => unknown): Promise<[string, string][]> {
  const out: [string, string][] = [];
  for (const protocol of PROTOCOLS) {
    out.push([`encode ${protocol}`, JSON.stringify(encode(make(), protocol, quiet))]);
    out.push([
      `toAgentError, then encode ${protocol}`,
      JSON.stringify(encode(toAgentError(make()), protocol, quiet)),
    ]);
  }
  for (const road of ROADS) out.push([road.name, await wireText(road.send(make(), quiet))]);
  // The forms are thrown as they come: some are plain objects on purpose.
  const retried = await retry(() => Promise.reject(make()), { maxAttempts: 1 }).catch(
    (e: unknown) => e,
  );
  out.push(['RetryError, then encode http', JSON.stringify(encode(retried, 'http', quiet))]);
  out.push(['toExposableError', JSON.stringify(toExposableError(make(), quiet))]);
  return out;
}

describe('a third-party error is unexpected whatever fields it carries', () => {
  it.each(Object.keys(FORMS))('%s, every way out', async (name) => {
    const make = FORMS[name] as () => unknown;
    expect(isMeantToSend(make())).toBe(false);
    for (const [way, text] of await waysOut(make)) {
      expect(text, `${name} via ${way}`).not.toContain(MARK);
    }
  });
});

describe('the compatibility classes, as their upstream packages build them, keep their words', () => {
  const MEANT: Record<string, () => unknown> = {
    '@agentclientprotocol/sdk RequestError': () =>
      new SdkRequestError(-32602, 'Invalid params: no session named s-1'),
    // opentabs' constructor always sets code, retryable, retryAfterMs and category.
    'our ToolError (the opentabs shape)': () => new ToolError('Channel "x" not found', 'NOT_FOUND'),
    'an AgentError': () => AgentError.notFound('Channel "x" not found'),
  };
  it.each(Object.keys(MEANT))('%s', (name) => {
    const error = (MEANT[name] as () => unknown)();
    expect(isMeantToSend(error)).toBe(true);
    for (const protocol of PROTOCOLS) {
      const text = JSON.stringify(encode(error, protocol, quiet));
      expect(text, `${name} as ${protocol}`).toMatch(
        /no session named s-1|Channel \\"x\\" not found/,
      );
    }
  });

  it('a DOMException timeout keeps its words, a library TimeoutError does not', () => {
    const dom = toExposableError(new DOMException('signal timed out', 'TimeoutError'), quiet);
    expect([dom.category, dom.message]).toEqual(['timeout', 'signal timed out']);
  });
});

describe.skipIf(skipBrowserTests())('a Playwright TimeoutError from a real browser', () => {
  it('is sent as a timeout without its call log', async () => {
    const browser = await chromium.launch({ executablePath: findChromium() as string });
    try {
      const page = await browser.newPage();
      await page.setContent(`<p>${MARK}@example.com</p>`);
      const thrown = await page
        .locator(`#${MARK}`)
        .click({ timeout: 200 })
        .catch((e: unknown) => e);
      expect(thrown).toBeInstanceOf(playwrightErrors.TimeoutError);
      expect((thrown as Error).message).toContain('Call log');
      expect((thrown as Error).message).toContain(MARK);
      const shown = toExposableError(thrown, quiet);
      expect([shown.category, shown.message]).toEqual(['timeout', 'Timed out']);
      for (const protocol of PROTOCOLS) {
        expect(JSON.stringify(encode(thrown, protocol, quiet))).not.toContain(MARK);
      }
    } finally {
      await browser.close();
    }
  }, 60_000);
});
