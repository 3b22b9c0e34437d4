// The documented idempotency-key readers, each used as its protocol's servers use it: HTTP over a
// real node:http server on 127.0.0.1, ARCP job.submit payloads, and the ARCP attempt field.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryIdempotencyStore, retry, withIdempotency } from 'agent-errors/retry';
import { httpIdempotencyKeyOf } from 'agent-errors/http';
import { ARCP_ATTEMPT_FIELD, arcpIdempotencyKeyOf } from 'agent-errors/arcp';
import { RETRY_ATTEMPT_HEADER } from 'agent-errors/retry';

describe('httpIdempotencyKeyOf', () => {
  let runs = 0;
  const seenAttempts: string[] = [];
  const createOrder = withIdempotency(
    new MemoryIdempotencyStore(),
    (body: { item: string }) => {
      runs += 1;
      return Promise.resolve({ orderId: `o_${runs}`, item: body.item });
    },
    { keyOf: httpIdempotencyKeyOf },
  );
  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      seenAttempts.push(String(req.headers[RETRY_ATTEMPT_HEADER] ?? ''));
      createOrder(JSON.parse(raw) as { item: string }, req).then(
        (order) => {
          // The first reply of each key is lost after the work is stored.
          if (seenAttempts.at(-1) === '1') return req.socket.destroy();
          res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(order));
        },
        () => res.writeHead(500).end(),
      );
    });
  });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => void server.close());

  it('lets a retried POST run its work once for one key', async () => {
    const order = await retry(
      async ({ attempt, idempotencyKey, signal }) => {
        const res = await fetch(`${base}/orders`, {
          method: 'POST',
          signal,
          headers: { 'idempotency-key': idempotencyKey, [RETRY_ATTEMPT_HEADER]: String(attempt) },
          body: JSON.stringify({ item: 'book' }),
        });
        return (await res.json()) as { orderId: string };
      },
      { maxAttempts: 3, baseDelayMs: 1 },
    );
    expect(order.orderId).toBe('o_1');
    expect(runs).toBe(1);
    expect(seenAttempts).toEqual(['1', '2']);
  });

  it('reads fetch Requests, Node headers and quoted keys; nothing else is a key', () => {
    const request = new Request('http://127.0.0.1/x', { headers: { 'Idempotency-Key': '"k-1"' } });
    expect(httpIdempotencyKeyOf(undefined, request)).toBe('k-1');
    expect(httpIdempotencyKeyOf({}, { headers: { 'idempotency-key': 'k-2' } })).toBe('k-2');
    expect(httpIdempotencyKeyOf({}, { headers: { 'idempotency-key': '  ' } })).toBeUndefined();
    expect(httpIdempotencyKeyOf({}, { headers: {} })).toBeUndefined();
    expect(httpIdempotencyKeyOf({}, null)).toBeUndefined();
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error('boom');
        },
      },
    );
    expect(httpIdempotencyKeyOf({}, hostile)).toBeUndefined();
  });
});

describe('arcpIdempotencyKeyOf', () => {
  it('runs a resubmitted job once and refuses a conflicting reuse of its key', async () => {
    let started = 0;
    const submit = withIdempotency(
      new MemoryIdempotencyStore(),
      (payload: { agent: string; input: unknown; idempotency_key?: string }) => {
        started += 1;
        return Promise.resolve({ job_id: `job_${started}`, agent: payload.agent });
      },
      { keyOf: arcpIdempotencyKeyOf },
    );
    const payload = {
      agent: 'weekly-report',
      input: { week: '2026-W19' },
      idempotency_key: 'wr-W19',
    };
    const envelopes = [1, 2].map((attempt) => ({
      arcp: '1.1',
      id: `env_${attempt}`,
      type: 'job.submit',
      [ARCP_ATTEMPT_FIELD]: attempt,
      payload,
    }));
    const accepted = await Promise.all(envelopes.map((e) => submit(e.payload, {})));
    expect(accepted.map((a) => a.job_id)).toEqual(['job_1', 'job_1']);
    expect(started).toBe(1);
    await expect(submit({ ...payload, input: { week: '2026-W20' } }, {})).rejects.toMatchObject({
      code: 'DUPLICATE_KEY',
    });
    expect(arcpIdempotencyKeyOf(envelopes[0])).toBe('wr-W19');
    expect(arcpIdempotencyKeyOf({ payload: { idempotency_key: 7 } })).toBeUndefined();
    expect(arcpIdempotencyKeyOf('wr-W19')).toBeUndefined();
  });
});
