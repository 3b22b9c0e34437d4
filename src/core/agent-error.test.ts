import { describe, expect, expectTypeOf, it } from 'vitest';
import { AgentError, isAgentError, nextAction } from './agent-error.js';
import type { AgentErrorInit, AgentErrorLike, AgentErrorOptions } from './agent-error.js';
import { CATEGORIES, ERROR_CATEGORIES, isRetryableCategory } from './categories.js';
import type { ErrorCategory } from './categories.js';
import { deserializeError } from './deserialize.js';
import { serializeError } from './serialize.js';

const FACTORIES = {
  auth: (m: string) => AgentError.auth(m),
  permission: (m: string) => AgentError.permissionDenied(m),
  not_found: (m: string) => AgentError.notFound(m),
  validation: (m: string) => AgentError.validation(m),
  rate_limit: (m: string) => AgentError.rateLimited(m),
  quota: (m: string) => AgentError.quotaExceeded(m),
  timeout: (m: string) => AgentError.timeout(m),
  cancelled: (m: string) => AgentError.cancelled(m),
  conflict: (m: string) => AgentError.conflict(m),
  unavailable: (m: string) => AgentError.unavailable(m),
  protocol: (m: string) => AgentError.protocol(m),
  internal: (m: string) => AgentError.internal(m),
} satisfies Record<ErrorCategory, (message: string) => AgentError>;

describe('categories', () => {
  it('are exactly the twelve of DESIGN.md, with their default retryability', () => {
    expect(ERROR_CATEGORIES).toEqual([
      'auth',
      'permission',
      'not_found',
      'validation',
      'rate_limit',
      'quota',
      'timeout',
      'cancelled',
      'conflict',
      'unavailable',
      'protocol',
      'internal',
    ]);
    const retrying = ERROR_CATEGORIES.filter(isRetryableCategory);
    expect(retrying).toEqual(['rate_limit', 'timeout', 'unavailable']);
  });
});

describe('AgentError', () => {
  it.each(Object.entries(FACTORIES))(
    'factory for %s sets category, code and retryability',
    (category, make) => {
      const err = make('boom');
      const defaults = CATEGORIES[category as ErrorCategory];
      expect(err).toBeInstanceOf(AgentError);
      expect(err).toBeInstanceOf(Error);
      expect(err.name).toBe('AgentError');
      expect(err.message).toBe('boom');
      expect(err.category).toBe(category);
      expect(err.code).toBe(defaults.code);
      expect(err.retryable).toBe(defaults.retryable);
      expect(err.retryAfterMs).toBeUndefined();
      expect('retryAfterMs' in err).toBe(false);
    },
  );

  it('keeps every option it is given', () => {
    const cause = new Error('root');
    const err = AgentError.rateLimited('slow down', {
      code: 'SLACK_RATE_LIMITED',
      retryAfterMs: 2000,
      details: { channel: 'general' },
      cause,
      wire: { protocol: 'http', code: 429, message: 'Too Many Requests' },
    });
    expect(err).toMatchObject({
      code: 'SLACK_RATE_LIMITED',
      category: 'rate_limit',
      retryable: true,
      retryAfterMs: 2000,
      details: { channel: 'general' },
      wire: { protocol: 'http', code: 429, message: 'Too Many Requests' },
    });
    expect(err.cause).toBe(cause);
    expect(Object.keys(err)).not.toContain('cause');
  });

  it('starts a stack at the caller of the constructor or the factory, not inside either', () => {
    function findUser(): AgentError {
      return AgentError.notFound('no such user');
    }
    function build(): AgentError {
      return new AgentError('x', { category: 'internal' });
    }
    class SlackError extends AgentError {}
    function post(): AgentError {
      return SlackError.rateLimited('slow down');
    }
    class GitHubError extends AgentError {
      static override notFound(message: string, options?: AgentErrorOptions): AgentError {
        return super.notFound(`GitHub: ${message}`, options);
      }
    }
    function fetchRepo(): AgentError {
      return GitHubError.notFound('no such repository');
    }
    const firstFrame = (error: AgentError) => error.stack?.split('\n')[1] ?? '';
    expect(firstFrame(findUser())).toMatch(/^\s+at findUser \(/);
    expect(firstFrame(build())).toMatch(/^\s+at build \(/);
    expect(firstFrame(post())).toMatch(/^\s+at post \(/);
    expect(post().stack).toMatch(/^SlackError: slow down\n/);
    // A subclass's own factory is its code: it stays, with its caller under it.
    expect(fetchRepo().stack?.split('\n').slice(1, 3).join('\n')).toMatch(
      /^\s+at \S*notFound \(.*\n\s+at fetchRepo \(/,
    );
  });

  it('records factory stacks however the factory is reached, and lets subclasses have theirs', () => {
    const frames = (error: AgentError) => (error.stack ?? '').split('\n').length - 1;
    class Frozen extends AgentError {
      constructor(message: string, init: AgentErrorInit) {
        super(message, init);
        Object.freeze(this);
      }
    }
    class OwnStack extends AgentError {
      constructor(message: string, init: AgentErrorInit) {
        super(message, init);
        this.stack = 'OwnStack: set by the subclass';
      }
    }
    class NoForward extends AgentError {
      static override notFound(message: string): AgentError {
        return new NoForward(message, { category: 'not_found' });
      }
      static missing(message: string): AgentError {
        return super.notFound(message);
      }
    }
    expect(frames(Frozen.notFound('frozen'))).toBeGreaterThan(0);
    expect(OwnStack.notFound('own').stack).toBe('OwnStack: set by the subclass');
    expect(frames(NoForward.missing('via super'))).toBeGreaterThan(0);
    expect(frames(AgentError.notFound.call(NoForward, 'called on another class'))).toBeGreaterThan(
      0,
    );
    expect(AgentError.notFound('x', { captureStack: false }).stack).toBe(
      'AgentError [NOT_FOUND]: x',
    );
  });

  it('captures a stack by default and skips it when asked', () => {
    const thrown = AgentError.internal('with stack');
    expect(thrown.stack).toMatch(/^AgentError: with stack\n\s+at /);
    const fromWire = AgentError.internal('from the wire', { captureStack: false, code: 'X' });
    expect(fromWire.stack).toBe('AgentError [X]: from the wire');
    fromWire.stack = 'replaced';
    expect(fromWire.stack).toBe('replaced');
  });

  it('never decorates the message', () => {
    const err = new AgentError('Invalid params', { category: 'validation' });
    expect(err.message).toBe('Invalid params');
    expect(String(err)).toBe('AgentError: Invalid params');
  });

  it.each([
    [{ category: 'fatal' }, /options\.category must be one of auth, permission/],
    [{ category: 'auth', code: '' }, /options\.code must be a non-empty string; received ""/],
    [{ category: 'auth', retryable: 'yes' }, /options\.retryable must be a boolean/],
    [{ category: 'auth', retryAfterMs: -1 }, /options\.retryAfterMs must be a finite number/],
    [{ category: 'auth', retryAfterMs: Number.NaN }, /options\.retryAfterMs/],
    [
      { category: 'auth', details: [] },
      /options\.details must be a plain object; received an array/,
    ],
    [{ category: 'auth', wire: { protocol: 'smtp' } }, /options\.wire must be/],
    // The decoders' internal mark cannot be forged: only its own frozen object counts.
    [
      { category: 'nope', code: 'X', retryable: true, vouched: Object.freeze({}) },
      /options\.category must be one of/,
    ],
  ])('rejects bad options %j with a TypeError naming the option', (options, message) => {
    expect(() => new AgentError('x', options as never)).toThrow(TypeError);
    expect(() => new AgentError('x', options as never)).toThrow(message);
  });

  it('rejects a missing options object and a non-string message', () => {
    expect(() => new AgentError('x', undefined as never)).toThrow(
      /options must be an object with a category/,
    );
    expect(() => new AgentError(42 as never, { category: 'auth' })).toThrow(
      /message must be a string; received number 42/,
    );
  });

  it('serialises safely through JSON.stringify', () => {
    const err = AgentError.auth('login expired', {
      details: { token: 'abc123secret', user: 'ada' },
    });
    expect(JSON.parse(JSON.stringify(err))).toEqual({
      name: 'AgentError',
      message: 'login expired',
      code: 'AUTH_ERROR',
      category: 'auth',
      retryable: false,
      details: { token: '[REDACTED]', user: 'ada' },
    });
  });
});

describe('AgentError subclasses', () => {
  class SlackError extends AgentError {}

  it('are named after their class, from the constructor and the static factories', () => {
    const made = new SlackError('slow down', { category: 'rate_limit', retryAfterMs: 500 });
    const factory = SlackError.notFound('no channel', { captureStack: false, code: 'NO_CHANNEL' });
    expect(made).toBeInstanceOf(SlackError);
    expect(factory).toBeInstanceOf(SlackError);
    expect(made.name).toBe('SlackError');
    expect(factory.name).toBe('SlackError');
    expect(String(made)).toBe('SlackError: slow down');
    expect(made.stack).toMatch(/^SlackError: slow down\n\s+at /);
    expect(factory.stack).toBe('SlackError [NO_CHANNEL]: no channel');
    // The base keeps its name, and no instance carries an own `name`.
    expect(AgentError.internal('x').name).toBe('AgentError');
    expect(AgentError.prototype.name).toBe('AgentError');
    expect(Object.keys(made)).not.toContain('name');
    expect(Object.getOwnPropertyNames(made)).not.toContain('name');
  });

  it('keep a name the subclass sets itself: class field, prototype, instance', () => {
    class FieldNamed extends AgentError {
      override name = 'Custom';
    }
    class ProtoNamed extends AgentError {}
    ProtoNamed.prototype.name = 'FromPrototype';
    class Leaf extends ProtoNamed {}
    expect(new FieldNamed('x', { category: 'auth' }).name).toBe('Custom');
    expect(new ProtoNamed('x', { category: 'auth' }).name).toBe('FromPrototype');
    expect(new Leaf('x', { category: 'auth' }).name).toBe('FromPrototype');
    expect(AgentError.prototype.name).toBe('AgentError');
    const renamed = new SlackError('x', { category: 'auth' });
    renamed.name = 'Renamed';
    expect(renamed.name).toBe('Renamed');
    expect(Object.keys(renamed)).not.toContain('name');
    expect(new SlackError('y', { category: 'auth' }).name).toBe('SlackError');
    // An anonymous class has no name to give: the base's stands.
    const Anonymous = [class extends AgentError {}][0] as typeof AgentError;
    expect(new Anonymous('x', { category: 'auth' }).name).toBe('AgentError');
  });

  it('are AgentErrors to isAgentError, also as structured clones and JSON copies', () => {
    const err = SlackError.rateLimited('slow down', { retryAfterMs: 500 });
    expect(isAgentError(err)).toBe(true);
    expect(isAgentError(structuredClone(err))).toBe(true);
    expect(isAgentError(JSON.parse(JSON.stringify(err)))).toBe(true);
  });

  it('serialise with their own name and deserialise as an AgentError', () => {
    const err = SlackError.auth('login expired', { code: 'SLACK_AUTH', details: { token: 'x' } });
    const json = JSON.parse(JSON.stringify(err)) as Record<string, unknown>;
    expect(json).toEqual({
      name: 'SlackError',
      message: 'login expired',
      code: 'SLACK_AUTH',
      category: 'auth',
      retryable: false,
      details: { token: '[REDACTED]' },
    });
    expect(serializeError(err).name).toBe('SlackError');
    const back = deserializeError(json);
    expect(back).toBeInstanceOf(AgentError);
    expect(back).not.toBeInstanceOf(SlackError);
    expect(back).toMatchObject({ name: 'AgentError', code: 'SLACK_AUTH', category: 'auth' });
  });
});

describe('isAgentError', () => {
  it('holds for instances and their structured clones, with every field kept', () => {
    const err = AgentError.rateLimited('slow', { retryAfterMs: 5, details: { a: [1, 2] } });
    expect(isAgentError(err)).toBe(true);
    const clone: unknown = structuredClone(err);
    expect(isAgentError(clone)).toBe(true);
    expect(clone).toMatchObject({
      message: 'slow',
      code: 'RATE_LIMITED',
      category: 'rate_limit',
      retryable: true,
      retryAfterMs: 5,
      details: { a: [1, 2] },
    });
  });

  it('holds for a JSON copy and for a branded object from another copy of the package', () => {
    expect(isAgentError(JSON.parse(JSON.stringify(AgentError.timeout('t'))))).toBe(true);
    const foreign = Object.create(null, {
      [Symbol.for('agent-errors.AgentError')]: { value: true },
    }) as unknown;
    expect(isAgentError(foreign)).toBe(true);
  });

  it('rejects look-alikes and hostile values without throwing', () => {
    expect(isAgentError(new Error('plain'))).toBe(false);
    expect(isAgentError({ message: 'm', code: 'X', category: 'fatal', retryable: true })).toBe(
      false,
    );
    expect(isAgentError({ message: 'm', code: 'X', category: 'auth' })).toBe(false);
    expect(isAgentError(null)).toBe(false);
    expect(isAgentError('AgentError')).toBe(false);
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
      },
    );
    expect(isAgentError(hostile)).toBe(false);
  });

  it('narrows to the fields', () => {
    const value: unknown = AgentError.timeout('t');
    if (isAgentError(value)) {
      expectTypeOf(value).toEqualTypeOf<AgentErrorLike>();
      expectTypeOf(value.category).toEqualTypeOf<ErrorCategory>();
      expectTypeOf(value.retryAfterMs).toEqualTypeOf<number | undefined>();
    }
  });
});

describe('nextAction', () => {
  it.each([
    [AgentError.auth('a'), 'reauthenticate'],
    [AgentError.permissionDenied('p'), 'request_permission'],
    [AgentError.validation('v'), 'fix_input'],
    [AgentError.rateLimited('r'), 'wait_and_retry'],
    [AgentError.unavailable('u', { retryAfterMs: 10 }), 'wait_and_retry'],
    [AgentError.timeout('t'), 'retry'],
    [AgentError.unavailable('u', { retryable: false }), 'give_up'],
    [AgentError.quotaExceeded('q'), 'give_up'],
    [AgentError.quotaExceeded('q', { retryable: true, retryAfterMs: 3_600_000 }), 'give_up'],
    [AgentError.internal('i', { retryable: true }), 'retry'],
  ])('%s → %s', (error, action) => {
    expect(nextAction(error)).toBe(action);
  });
});
