import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type {
  Admission,
  AttemptReport,
  RetryStateStore,
  TargetPolicy,
} from '../../src/retry/retry-state.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const policy = (p: Partial<TargetPolicy> = {}): TargetPolicy => ({
  maxTokens: 4,
  tokenRatio: 0.5,
  failureThreshold: 2,
  halfOpenAfterMs: 150,
  successThreshold: 1,
  probeLeaseMs: 150,
  ...p,
});

const report = (r: Partial<AttemptReport>): AttemptReport => ({
  ok: false,
  probe: '',
  cost: false,
  unhealthy: false,
  waitMs: -1,
  ...r,
});

/**
 * What every RetryStateStore does, on real time (the Redis store keeps Redis's clock): only
 * "at least this long" is waited for, never "at most".
 */
export function retryStateContract(makeStore: () => RetryStateStore): void {
  const setup = (p: Partial<TargetPolicy> = {}) => {
    const store = makeStore();
    const target = `contract-${randomUUID()}`;
    const pol = policy(p);
    return {
      admit: async (): Promise<Admission> => store.admit(target, pol, Date.now()),
      record: async (r: Partial<AttemptReport>): Promise<boolean> =>
        store.record(target, report(r), pol, Date.now()),
    };
  };

  it('lets a target it knows nothing about go', async () => {
    const { admit, record } = setup();
    expect(await admit()).toEqual({ kind: 'go', waitMs: 0, probe: '' });
    expect(await record({ ok: true })).toBe(false);
    expect(await admit()).toMatchObject({ kind: 'go', probe: '' });
  });

  it('budget: a token per retryable failure, tokenRatio per success, throttled at half', async () => {
    const { record } = setup({ failureThreshold: 0 });
    expect(await record({ cost: true })).toBe(false); // 3
    expect(await record({ cost: true })).toBe(true); // 2
    expect(await record({ cost: false })).toBe(true); // free, still 2
    await record({ ok: true }); // 2.5
    expect(await record({ cost: false })).toBe(false);
    await record({ ok: true }); // 3
    await record({ ok: true }); // 3.5
    expect(await record({ cost: true })).toBe(false); // 2.5
  });

  it('breaker: opens after the threshold, one probe when half-open, closes on its success', async () => {
    const { admit, record } = setup({ maxTokens: 0 });
    await record({ unhealthy: true });
    expect((await admit()).kind).toBe('go');
    await record({ unhealthy: true });
    const open = await admit();
    expect(open.kind).toBe('open');
    expect(open.waitMs).toBeGreaterThan(0);
    expect(open.waitMs).toBeLessThanOrEqual(150);
    await sleep(open.waitMs + 20);
    const probe = await admit();
    expect(probe.kind).toBe('go');
    expect(probe.probe).not.toBe('');
    expect((await admit()).kind).toBe('open');
    await record({ ok: true, probe: probe.probe });
    expect(await admit()).toMatchObject({ kind: 'go', probe: '' });
  });

  it('breaker: a failed probe opens it again; healthy failures never count', async () => {
    const { admit, record } = setup({ maxTokens: 0 });
    for (let i = 0; i < 5; i++) await record({ cost: true });
    expect((await admit()).kind).toBe('go');
    await record({ unhealthy: true });
    await record({ unhealthy: true });
    await sleep(170);
    const probe = await admit();
    await record({ unhealthy: true, probe: probe.probe });
    expect((await admit()).kind).toBe('open');
  });

  it("the server's wait holds every caller, then one probe; the others wait for it", async () => {
    const { admit, record } = setup();
    await record({ cost: true, waitMs: 120 });
    const wait = await admit();
    expect(wait.kind).toBe('wait');
    expect(wait.waitMs).toBeLessThanOrEqual(120);
    await sleep(wait.waitMs + 20);
    const probe = await admit();
    expect(probe).toMatchObject({ kind: 'go' });
    expect(probe.probe).not.toBe('');
    expect((await admit()).kind).toBe('probing');
    await record({ ok: true, probe: probe.probe });
    expect(await admit()).toMatchObject({ kind: 'go', probe: '' });
  });

  it('a probe that never reports back gives its slot up after the lease', async () => {
    const { admit, record } = setup();
    await record({ waitMs: 0 });
    const first = await admit();
    expect(first.probe).not.toBe('');
    expect((await admit()).kind).toBe('probing');
    await sleep(170);
    const second = await admit();
    expect(second.kind).toBe('go');
    expect(second.probe).not.toBe(first.probe);
    // The first probe's late report does not free the second one's slot.
    await record({ ok: false, probe: first.probe });
    expect((await admit()).kind).toBe('probing');
  });
}
