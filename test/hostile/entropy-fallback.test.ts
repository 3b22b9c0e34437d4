// The high-entropy fallback (src/core/secret-entropy.ts): what it catches in credential contexts
// that no key name gives away, and that it redacts no id, UUID or hash of the corpus.
import { readdirSync, readFileSync } from 'node:fs';
import { randomBytes, randomUUID, createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { redactKeyValues } from '../../src/core/secret-contexts.js';
import { reportFigures } from '../helpers/figures.js';

// The fallback alone: no key is judged a secret by name.
const byFallbackOnly = (text: string): string => redactKeyValues(text, () => false);

/** Every string of the fixtures, and each string value as `key: value` under its own key. */
function corpusStrings(): string[] {
  const out: string[] = [];
  const visit = (value: unknown, key?: string): void => {
    if (typeof value === 'string') {
      out.push(value);
      if (key !== undefined) out.push(`${key}: ${value}`, `${key}=${value}`);
    } else if (Array.isArray(value)) for (const item of value) visit(item);
    else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) visit(v, k);
    }
  };
  const dir = new URL('../fixtures/', import.meta.url);
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    visit(JSON.parse(readFileSync(new URL(file, dir), 'utf8')));
  }
  return out;
}

describe('the high-entropy fallback', () => {
  it('redacts no string of the corpus (ids, UUIDs, hashes, request ids)', () => {
    const strings = corpusStrings();
    const caught = strings.filter((s) => byFallbackOnly(s) !== s);
    reportFigures(`corpus: ${strings.length} strings, ${caught.length} changed by the fallback`);
    expect(strings.length).toBeGreaterThan(1_000);
    expect(caught).toEqual([]);
  });

  it('redacts no generated id, UUID or hash under the keys that carry them', () => {
    const ids: string[] = [];
    for (let i = 0; i < 200; i++) {
      const bytes = randomBytes(32);
      ids.push(
        `request_id: req_${bytes.toString('base64url').slice(0, 24)}`,
        `x-request-id: ${randomUUID()}`,
        `trace: ${randomUUID()}`,
        `sha256=${createHash('sha256').update(bytes).digest('hex')}`,
        `etag: ${createHash('sha1').update(bytes).digest('base64')}`,
        `integrity: sha512-${createHash('sha512').update(bytes).digest('base64')}`,
        `commit: ${createHash('sha1').update(bytes).digest('hex')}`,
        `ref: ${randomUUID().replaceAll('-', '')}`,
        `message_id: msg_${bytes.toString('base64url').slice(0, 24)}`,
      );
    }
    const caught = ids.filter((s) => byFallbackOnly(s) !== s);
    expect(caught).toEqual([]);
  });

  it('catches random base64 credentials under keys that do not say so', () => {
    const keys = ['X-Custom-Auth', 'client_ref_value', 'upstream', 'creds_blob', 'X-Partner'];
    let tried = 0;
    let caught = 0;
    for (let i = 0; i < 500; i++) {
      const value = randomBytes(15 + (i % 34)).toString('base64url');
      const key = keys[i % keys.length] as string;
      for (const text of [`${key}: ${value}`, `${key}=${value} next`, `"${key}":"${value}"`]) {
        tried++;
        if (!byFallbackOnly(text).includes(value)) caught++;
      }
    }
    reportFigures(`random base64 of 20-64 characters: ${caught} of ${tried} caught`);
    expect(caught / tried).toBeGreaterThan(0.95);
  });
});
