import { describe, expect, it, vi } from 'vitest';
import {
  MISSING_REDIS_MESSAGE,
  SKIPPED_REDIS_WARNING,
  isCi,
  redisTestPlan,
  skipRedisTests,
} from './helpers/redis-server.js';

describe('whether the Redis tests run', () => {
  it('run whenever redis-server is on PATH, whatever the variables say', () => {
    expect(redisTestPlan({}, true)).toBe('run');
    expect(redisTestPlan({ CI: 'true' }, true)).toBe('run');
    expect(redisTestPlan({ AGENT_ERRORS_SKIP_REDIS: '1' }, true)).toBe('run');
  });

  it('without redis-server: skipped with a warning on a developer machine', () => {
    expect(redisTestPlan({}, false)).toBe('skip-with-warning');
    expect(redisTestPlan({ CI: '' }, false)).toBe('skip-with-warning');
    expect(redisTestPlan({ CI: 'false' }, false)).toBe('skip-with-warning');
    expect(redisTestPlan({ CI: '0' }, false)).toBe('skip-with-warning');
  });

  it('without redis-server under CI: run, so that they fail loudly', () => {
    expect(redisTestPlan({ CI: 'true' }, false)).toBe('fail');
    expect(redisTestPlan({ CI: '1' }, false)).toBe('fail');
    expect(isCi({ CI: 'TRUE' })).toBe(true);
    expect(isCi({})).toBe(false);
  });

  it('AGENT_ERRORS_SKIP_REDIS=1 skips them quietly, also under CI', () => {
    expect(redisTestPlan({ AGENT_ERRORS_SKIP_REDIS: '1' }, false)).toBe('skip');
    expect(redisTestPlan({ AGENT_ERRORS_SKIP_REDIS: '1', CI: 'true' }, false)).toBe('skip');
    expect(redisTestPlan({ AGENT_ERRORS_SKIP_REDIS: '0' }, false)).toBe('skip-with-warning');
  });

  it('skipRedisTests warns once, naming the Debian package, and never when it runs or fails', () => {
    const warn = vi.fn();
    expect(skipRedisTests({ CI: 'true' }, false, warn)).toBe(false);
    expect(skipRedisTests({}, true, warn)).toBe(false);
    expect(skipRedisTests({ AGENT_ERRORS_SKIP_REDIS: '1' }, false, warn)).toBe(true);
    expect(warn).not.toHaveBeenCalled();
    expect(skipRedisTests({}, false, warn)).toBe(true);
    expect(skipRedisTests({}, false, warn)).toBe(true);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(SKIPPED_REDIS_WARNING);
    expect(SKIPPED_REDIS_WARNING).toContain('redis-server');
    expect(SKIPPED_REDIS_WARNING).toContain('apt-get install redis-server');
    expect(MISSING_REDIS_MESSAGE).toContain('apt-get install redis-server');
  });
});
