import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webcrypto } from 'node:crypto';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { decode } from 'agent-errors';
import { findChromium, skipBrowserTests } from './helpers/chromium.js';

// `QuotaExceededError` means two things on the web platform: storage over its quota (stop), and
// `crypto.getRandomValues` asked for more than 65536 bytes (a bad argument). Both thrown for real.

function reading(value: unknown): readonly [string, string, boolean] {
  const e = decode(value);
  return [e.category, e.code, e.retryable];
}

describe('QuotaExceededError', () => {
  it("Node's crypto.getRandomValues over 65536 bytes: a bad argument (validation)", () => {
    for (const size of [65_537, 100_000, 1 << 20]) {
      let thrown: unknown;
      try {
        webcrypto.getRandomValues(new Uint8Array(size));
      } catch (error) {
        thrown = error;
      }
      expect((thrown as Error).name).toBe('QuotaExceededError');
      expect(reading(thrown)).toEqual(['validation', 'VALIDATION_ERROR', false]);
      // Its JSON copy, as a log or a peer relays it.
      const { name, message, code } = thrown as DOMException;
      expect(reading({ name, message, code })).toEqual(['validation', 'VALIDATION_ERROR', false]);
    }
  });

  describe.skipIf(skipBrowserTests())('in Chromium', () => {
    it('storage over quota is quota; getRandomValues over 65536 bytes is validation', async () => {
      const server = createServer((request, response) => {
        request.resume();
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<!doctype html><title>quota</title>');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const browser = await chromium.launch({
        executablePath: findChromium() ?? 'chromium',
        headless: true,
        args: ['--no-sandbox'],
      });
      try {
        const page = await browser.newPage();
        await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
        const thrown = await page.evaluate(() => {
          const copy = (error: unknown) => {
            const e = error as DOMException;
            return { name: e.name, message: e.message, code: e.code };
          };
          const out: { name: string; message: string; code: number }[] = [];
          try {
            localStorage.setItem('big', 'x'.repeat(12 * 1024 * 1024));
          } catch (error) {
            out.push(copy(error));
          }
          try {
            sessionStorage.setItem('big', 'x'.repeat(12 * 1024 * 1024));
          } catch (error) {
            out.push(copy(error));
          }
          try {
            crypto.getRandomValues(new Uint8Array(65_537));
          } catch (error) {
            out.push(copy(error));
          }
          return out;
        });
        expect(thrown.map((e) => e.name)).toEqual([
          'QuotaExceededError',
          'QuotaExceededError',
          'QuotaExceededError',
        ]);
        expect(thrown.map((e) => reading(e))).toEqual([
          ['quota', 'QUOTA_EXCEEDED', false],
          ['quota', 'QUOTA_EXCEEDED', false],
          ['validation', 'VALIDATION_ERROR', false],
        ]);
      } finally {
        await browser.close();
        server.close();
      }
    });
  });
});
