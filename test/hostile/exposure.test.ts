// Laundering: an unexpected error must not become an exposed one by any way it can be copied —
// toAgentError / decode, retry's RetryError, structuredClone, serializeError / deserializeError,
// JSON. Each re-encoding is scanned for the planted secret and path.
import { describe, expect, it } from 'vitest';
import {
  AgentError,
  decode,
  deserializeError,
  encode,
  isAgentError,
  serializeError,
  toAgentError,
  toExposableError,
} from 'agent-errors';
import { PROTOCOLS } from 'agent-errors';
import { retry } from 'agent-errors/retry';

const SECRET = 'sk-ant-api03-PLANTEDSECRETvalue0123456789abcdefXYZ';
const PATH = '/home/alice/.config/planted-app/credentials.json';

function fsError(): Error {
  return Object.assign(new Error(`ENOENT: no such file or directory, open '${PATH}' ${SECRET}`), {
    code: 'ENOENT',
    errno: -2,
    syscall: 'open',
    path: PATH,
  });
}

function plainError(): Error {
  return new Error(`db failed at ${PATH} with password=${SECRET}`);
}

/** Every encoding of `error`, as the text that would cross the wire. */
function everyEncoding(error: unknown): string[] {
  const out: string[] = [];
  for (const p of PROTOCOLS) {
    const wire: unknown = encode(error, p);
    out.push(typeof wire === 'string' ? wire : JSON.stringify(wire));
  }
  out.push(JSON.stringify(encode(error, 'mcp', { as: 'toolResult' })));
  return out;
}

function expectNoLeak(texts: string[]): void {
  for (const text of texts) {
    expect(text).not.toContain('PLANTEDSECRET');
    expect(text).not.toContain('planted-app');
    expect(text).not.toContain('/home/alice');
  }
}

/** The copies an application may make of an error before encoding it. */
function copies(error: AgentError): [string, unknown][] {
  return [
    ['itself', error],
    ['structuredClone', structuredClone(error)],
    ['serializeError → deserializeError', deserializeError(serializeError(error))],
    ['JSON round trip → deserializeError', deserializeError(JSON.parse(JSON.stringify(error)))],
    ['JSON round trip (plain object)', JSON.parse(JSON.stringify(error))],
    ['structuredClone → toAgentError', toAgentError(structuredClone(error))],
    ['toAgentError again', toAgentError(error)],
    ['decode', decode(error)],
  ];
}

describe('the exposure mark', () => {
  it('encode(toAgentError(fsError)) sends no path, no secret, no syscall — in every protocol', () => {
    const e = toAgentError(fsError());
    expect(e.category).toBe('not_found');
    // The caller still sees everything locally.
    expect(e.message).toContain(PATH);
    for (const [how, copy] of copies(e)) {
      const texts = everyEncoding(copy);
      expectNoLeak(texts);
      for (const t of texts) expect(t, how).not.toMatch(/syscall|errno/);
      const exposed = toExposableError(copy);
      expect(exposed.category, how).toBe('not_found');
      expect(exposed.message, how).toBe('Not found');
      expect(exposed.errorId, how).toEqual(expect.any(String));
    }
  });

  it('a plain Error classified as internal stays internal + errorId through every copy', () => {
    const e = toAgentError(plainError());
    expect(e.category).toBe('internal');
    for (const [how, copy] of copies(e)) {
      expectNoLeak(everyEncoding(copy));
      const exposed = toExposableError(copy);
      expect(exposed.message, how).toBe('Internal error');
      expect(exposed.errorId, how).toEqual(expect.any(String));
    }
  });

  it("retry()'s RetryError keeps the mark: encoding it sends the generic text", async () => {
    let calls = 0;
    const failure = await retry(
      () => {
        calls++;
        return Promise.reject(plainError());
      },
      { maxAttempts: 2, baseDelayMs: 0, maxDelayMs: 0 },
    ).catch((e: unknown) => e);
    expect(calls).toBe(1); // internal: not retryable
    expect(isAgentError(failure)).toBe(true);
    const seen: unknown[] = [];
    const wire = encode(failure, 'acp', { onError: (e) => seen.push(e) });
    expect(wire.message).toBe('Internal error');
    expect(seen).toEqual([failure]);
    for (const [, copy] of copies(failure as AgentError)) expectNoLeak(everyEncoding(copy));
  });

  it('retry of a refused connection: RetryError is still unavailable and retryable, with fixed text', async () => {
    const refused = () =>
      Object.assign(new Error(`connect ECONNREFUSED 10.1.2.3:5432 ${SECRET}`), {
        code: 'ECONNREFUSED',
        address: '10.1.2.3',
        port: 5432,
      });
    const failure = (await retry(() => Promise.reject(refused()), {
      maxAttempts: 2,
      baseDelayMs: 0,
      maxDelayMs: 0,
    }).catch((e: unknown) => e)) as AgentError;
    expect(failure.category).toBe('unavailable');
    for (const [how, copy] of copies(failure)) {
      const texts = everyEncoding(copy);
      expectNoLeak(texts);
      for (const t of texts) expect(t, how).not.toContain('10.1.2.3');
      const exposed = toExposableError(copy);
      expect([exposed.category, exposed.retryable, exposed.message], how).toEqual([
        'unavailable',
        true,
        'Service unavailable',
      ]);
    }
  });

  it('an unexpected upstream 429 still says wait: category, code, retryable, retryAfterMs kept; fixed text', () => {
    // An HTTP client's error instance (status + headers), thrown by a call to an upstream API.
    const upstream = Object.assign(new Error(`429 from https://api.example/v1?key=${SECRET}`), {
      status: 429,
      headers: { 'retry-after': '7' },
    });
    const e = toAgentError(upstream);
    expect([e.category, e.retryAfterMs]).toEqual(['rate_limit', 7000]);
    for (const [how, copy] of copies(e)) {
      expectNoLeak(everyEncoding(copy));
      const exposed = toExposableError(copy);
      expect(
        [exposed.category, exposed.code, exposed.retryable, exposed.retryAfterMs, exposed.message],
        how,
      ).toEqual(['rate_limit', e.code, true, 7000, 'Rate limited']);
      const http = encode(copy, 'http');
      expect(http.status, how).toBe(429);
      expect(http.headers['retry-after'], how).toBe('7');
    }
  });

  it('an aggregate of unexpected errors is marked, and so is an error whose cause classifies', () => {
    const agg = new AggregateError([fsError(), plainError()], `both failed ${SECRET}`);
    const fetchFailed = new TypeError('fetch failed', {
      cause: Object.assign(new Error(`connect ECONNREFUSED ${PATH}`), { code: 'ECONNREFUSED' }),
    });
    for (const thrown of [agg, fetchFailed, `thrown string ${SECRET} ${PATH}`]) {
      const e = toAgentError(thrown);
      for (const [, copy] of copies(e)) expectNoLeak(everyEncoding(copy));
    }
  });

  it('errors meant to be sent keep their (sanitised) message', () => {
    const meant = AgentError.notFound('No channel named general');
    expect(toExposableError(structuredClone(meant)).message).toBe('No channel named general');
    expect(toExposableError(deserializeError(serializeError(meant))).message).toBe(
      'No channel named general',
    );
    // A well-formed protocol payload passed on keeps its message.
    const relayed = decode(
      { code: -32002, message: 'Resource not found: file:///x' },
      { protocol: 'mcp' },
    );
    expect((encode(relayed, 'mcp') as { message: string }).message).toContain('Resource not found');
    // An AbortError says what it is.
    const aborted = toAgentError(new DOMException('The operation was aborted', 'AbortError'));
    expect(encode(aborted, 'acp').message).toBe('The operation was aborted');
    // The platform's timeout keeps its words, secrets redacted.
    const platform = toExposableError(
      new DOMException(`timed out waiting for lock ${SECRET}`, 'TimeoutError'),
    );
    expect([platform.category, platform.code]).toEqual(['timeout', 'TIMEOUT']);
    expect(platform.message).toContain('timed out waiting for lock');
    expectNoLeak(everyEncoding(platform));
    // A library's own TimeoutError is no DOMException: timeout, in the category's words only.
    const timedOut = Object.assign(new Error(`timed out waiting for lock ${PATH} ${SECRET}`), {
      name: 'TimeoutError',
    });
    const shown = toExposableError(timedOut, { onError: () => {} });
    expect([shown.category, shown.message]).toEqual(['timeout', 'Timed out']);
    expectNoLeak(everyEncoding(shown));
  });

  it('the mark lives in a field of its own, which every copy keeps; details hold none of it', () => {
    const e = toAgentError(plainError());
    expect(e.unexpected).toBe(true);
    expect(e.details).toBeUndefined();
    for (const [how, copy] of copies(e)) {
      expect((copy as { unexpected?: unknown }).unexpected, how).toBe(true);
    }
    const shown = toExposableError(e, { onError: () => {} });
    expect(shown.message).toBe('Internal error');
    expect(shown.errorId).toMatch(/^[\w-]{8,}$/);
    expect(shown.details).toBeUndefined();
  });
});
