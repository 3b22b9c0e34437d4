import { connect, createServer } from 'node:net';
import { readFile } from 'node:fs/promises';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AgentError } from '../core/agent-error.js';
import { toAgentError } from './decode.js';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The error node:net gives for a connection to a closed port on 127.0.0.1. */
async function refusedConnection(): Promise<{ error: Error; port: number }> {
  const port = await closedPort();
  const error = await new Promise<Error>((resolve) => {
    connect(port, '127.0.0.1').on('error', resolve);
  });
  return { error, port };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('toAgentError', () => {
  it('returns an AgentError as it is', () => {
    const err = AgentError.timeout('slow');
    expect(toAgentError(err)).toBe(err);
  });

  it('rebuilds a structured clone or JSON copy of one with every field', () => {
    const original = AgentError.rateLimited('slow down', {
      retryAfterMs: 1500,
      details: { scope: 'org' },
    });
    for (const copy of [
      structuredClone(original),
      JSON.parse(JSON.stringify(original)) as unknown,
    ]) {
      const back = toAgentError(copy);
      expect(back).toBeInstanceOf(AgentError);
      expect(back).toMatchObject({
        message: 'slow down',
        code: 'RATE_LIMITED',
        category: 'rate_limit',
        retryable: true,
        retryAfterMs: 1500,
        details: { scope: 'org' },
      });
    }
  });

  it('classifies a real ECONNREFUSED from node:net as unavailable and retryable', async () => {
    const { error, port } = await refusedConnection();
    const err = toAgentError(error);
    expect(err).toMatchObject({ category: 'unavailable', retryable: true, code: 'ECONNREFUSED' });
    expect(err.details).toMatchObject({ syscall: 'connect', port });
    expect(err.cause).toBe(error);
  });

  it('looks through fetch failed to its cause', async () => {
    const port = await closedPort();
    const err = toAgentError(await rejection(fetch(`http://127.0.0.1:${port}/`)));
    expect(err).toMatchObject({
      category: 'unavailable',
      retryable: true,
      code: 'ECONNREFUSED',
      message: 'fetch failed',
    });
  });

  it('classifies a real ENOENT without putting the path in details', async () => {
    const err = toAgentError(await rejection(readFile('/definitely/not/here.txt')));
    expect(err).toMatchObject({ category: 'not_found', retryable: false, code: 'ENOENT' });
    expect(JSON.stringify(err.details)).not.toContain('/definitely');
  });

  it.each([
    ['EACCES', 'permission', false],
    ['EPERM', 'permission', false],
    ['ECONNRESET', 'unavailable', true],
    ['EPIPE', 'unavailable', true],
    ['EHOSTUNREACH', 'unavailable', true],
    ['ENOTFOUND', 'unavailable', true],
    ['EAI_AGAIN', 'unavailable', true],
    ['ETIMEDOUT', 'timeout', true],
  ])('classifies system error %s as %s', (code, category, retryable) => {
    const err = toAgentError(
      Object.assign(new Error(`${code}: something`), { code, syscall: 'x' }),
    );
    expect(err).toMatchObject({ code, category, retryable });
  });

  it('classifies AbortSignal reasons: abort → cancelled, timeout → timeout', async () => {
    expect(toAgentError(AbortSignal.abort().reason)).toMatchObject({
      category: 'cancelled',
      retryable: false,
    });
    const signal = AbortSignal.timeout(1);
    await new Promise((resolve) => signal.addEventListener('abort', resolve));
    expect(toAgentError(signal.reason)).toMatchObject({ category: 'timeout', retryable: true });
  });

  it('turns a Zod failure into validation with issues', () => {
    const schema = z.object({ name: z.string(), tags: z.array(z.string()) });
    const result = schema.safeParse({ name: 1, tags: ['ok', 2] });
    expect(result.success).toBe(false);
    const err = toAgentError(result.error);
    expect(err.category).toBe('validation');
    expect(err.code).toBe('VALIDATION_ERROR');
    expect(err.details?.issues).toEqual([
      { path: ['name'], message: expect.any(String) },
      { path: ['tags', 1], message: expect.any(String) },
    ]);
    expect(err.message).toMatch(/^Invalid input: name: .+ \(and 1 more\)$/);
  });

  it('turns a Valibot failure and a Standard Schema result into validation with issues', async () => {
    const schema = v.object({ user: v.object({ email: v.pipe(v.string(), v.email()) }) });
    const thrown = (() => {
      try {
        v.parse(schema, { user: { email: 'nope' } });
      } catch (error) {
        return error;
      }
      throw new Error('expected valibot to throw');
    })();
    expect(toAgentError(thrown).details?.issues).toEqual([
      { path: ['user', 'email'], message: expect.any(String) },
    ]);
    const standard = await z.object({ n: z.number() })['~standard'].validate({ n: 'x' });
    expect(toAgentError(standard)).toMatchObject({
      category: 'validation',
      details: { issues: [{ path: ['n'] }] },
    });
  });

  it('summarises an AggregateError by its members', async () => {
    const refused = () =>
      Promise.reject(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }));
    const all = toAgentError(await rejection(Promise.any([refused(), refused()])));
    expect(all).toMatchObject({ category: 'unavailable', retryable: true, code: 'ECONNREFUSED' });
    const mixed = toAgentError(
      new AggregateError([new Error('a'), AgentError.timeout('b')], 'two'),
    );
    expect(mixed).toMatchObject({ category: 'internal', retryable: false, message: 'two' });
    expect(mixed.details?.errors).toEqual([
      { code: 'INTERNAL_ERROR', category: 'internal', message: 'a' },
      { code: 'TIMEOUT', category: 'timeout', message: 'b' },
    ]);
  });

  it('carries the fields of an error that already has them (opentabs ToolError shape)', () => {
    class ToolError extends Error {
      readonly code = 'RATE_LIMITED';
      readonly category = 'rate_limit';
      readonly retryable = true;
      readonly retryAfterMs = 2000;
    }
    expect(toAgentError(new ToolError('Too many requests'))).toMatchObject({
      code: 'RATE_LIMITED',
      category: 'rate_limit',
      retryable: true,
      retryAfterMs: 2000,
      message: 'Too many requests',
    });
  });

  it('handles plain objects, strings and nothing', () => {
    expect(toAgentError({ code: 'NOT_FOUND', message: 'no such user' })).toMatchObject({
      category: 'not_found',
      code: 'NOT_FOUND',
    });
    expect(toAgentError({ code: 'WEIRD', message: 'hm' })).toMatchObject({
      category: 'internal',
      code: 'WEIRD',
    });
    // A thrown string is read as decode reads text: by its ToolError header or its keywords.
    expect(toAgentError('boom')).toMatchObject({ category: 'internal', message: 'boom' });
    expect(toAgentError('MCP error -32001: Request timed out').category).toBe('timeout');
    expect(toAgentError(undefined).message).toBe('A non-error value was thrown: undefined');
    expect(toAgentError(null).message).toBe('A non-error value was thrown: null');
    expect(toAgentError(42n).message).toBe('A non-error value was thrown: 42n');
    expect(toAgentError(Symbol('s')).message).toBe('A non-error value was thrown: Symbol(s)');
    expect(toAgentError(new TypeError('x is not a function'))).toMatchObject({
      category: 'internal',
      code: 'INTERNAL_ERROR',
    });
  });

  it('never throws on hostile values', () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
        getPrototypeOf() {
          throw new Error('trap');
        },
      },
    );
    expect(toAgentError(hostile)).toBeInstanceOf(AgentError);
    const getter = Object.defineProperty(new Error('x'), 'code', {
      get() {
        throw new Error('no');
      },
    });
    expect(toAgentError(getter).category).toBe('internal');
  });

  it('reads the rest of a system error when one member getter throws', async () => {
    const { error: real, port } = await refusedConnection();
    const plain = toAgentError(real);
    expect(plain.details).toEqual({
      syscall: 'connect',
      errno: (real as { errno?: unknown }).errno,
      address: '127.0.0.1',
      port,
    });
    expect(plain.unexpected).toBe(true);
    // A getter that throws in the details…
    const noAddress = Object.defineProperty(real, 'address', {
      get() {
        throw new Error('no');
      },
    });
    const err = toAgentError(noAddress);
    expect(err).toMatchObject({ category: 'unavailable', retryable: true, code: 'ECONNREFUSED' });
    expect(err.details).toEqual({
      syscall: 'connect',
      errno: plain.details?.errno,
      port,
    });
    expect(err.unexpected).toBe(true);
    // …and in the members read first: the others are still read.
    const noName = Object.defineProperty(noAddress, 'name', {
      get() {
        throw new Error('no');
      },
    });
    Object.defineProperty(noName, 'retryable', { value: false });
    const stated = toAgentError(noName);
    expect(stated).toMatchObject({
      category: 'unavailable',
      retryable: false,
      code: 'ECONNREFUSED',
    });
    expect(stated.message).toBe(real.message);
  });

  it('builds wire errors without stacks', () => {
    const err = toAgentError(new Error('x'));
    expect(err.stack).toBe('AgentError [INTERNAL_ERROR]: x');
  });
});
