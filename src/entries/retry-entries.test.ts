import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as redisEntry from 'agent-errors/redis';
import * as retryEntry from 'agent-errors/retry';

const root = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(join(root, dir))
    .filter((f) => f.endsWith('.ts') && !f.includes('.test.') && !f.includes('.test-d.'))
    .map((f) => join(root, dir, f));
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)[^'"]*from\s+['"]([^'"]+)['"]/gm)].map(
    (m) => m[1] ?? '',
  );
}

describe('agent-errors/retry and agent-errors/redis', () => {
  it('export the public API', () => {
    expect(Object.keys(retryEntry).sort()).toEqual(
      [
        'DEFAULT_MAX_ELAPSED_MS',
        'FALLBACK_CATEGORIES',
        'HedgeBudget',
        'MemoryIdempotencyStore',
        'RETRY_ATTEMPT_HEADER',
        'RetryError',
        'backoffDelay',
        'bulkhead',
        'cacheableFailure',
        'createRetry',
        'decorrelatedDelay',
        'grpcTimeout',
        'hedge',
        'mcpRequestOptions',
        'idempotencyKeyReusedError',
        'fingerprint',
        'isRetryError',
        'leaseLostError',
        'rateBreaker',
        'requestInProgressError',
        'retry',
        'retryStopOf',
        'systemClock',
        'withFallback',
        'withIdempotency',
      ].sort(),
    );
    expect(Object.keys(redisEntry).sort()).toEqual([
      'RedisIdempotencyStore',
      'RedisRetryStateStore',
    ]);
  });

  it('use Web APIs only: no Node module and nothing from redis at runtime', () => {
    const files = [...sources('src/retry'), ...sources('src/idempotency'), ...sources('src/redis')];
    expect(files.length).toBeGreaterThan(10);
    let seen = 0;
    for (const file of files) {
      for (const specifier of importsOf(file)) {
        seen++;
        expect(specifier, `${file} imports ${specifier}`).toMatch(/^\.\.?\//);
      }
    }
    expect(seen).toBeGreaterThan(20);
  });

  it('are declared in package.json exports', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      exports: Record<string, unknown>;
    };
    expect(pkg.exports['./retry']).toEqual({
      types: './dist/entries/retry.d.ts',
      default: './dist/entries/retry.js',
    });
    expect(pkg.exports['./redis']).toEqual({
      types: './dist/entries/redis.d.ts',
      default: './dist/entries/redis.js',
    });
  });
});
