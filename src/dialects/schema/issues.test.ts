import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { encode, toAgentError } from 'agent-errors';
import { schemaIssuesOf } from './issues.js';

describe('schema issues', () => {
  it('are read from Zod and Standard Schema results, paths as keys and indexes', () => {
    const zod = z.object({ items: z.array(z.string()) }).safeParse({ items: ['a', 2] }).error;
    expect(schemaIssuesOf(zod)).toEqual([{ path: ['items', 1], message: expect.any(String) }]);
    expect(schemaIssuesOf({ issues: [{ message: 'Required', path: [{ key: 'user' }] }] })).toEqual([
      { path: ['user'], message: 'Required' },
    ]);
    expect(schemaIssuesOf({ issues: [] })).toBeUndefined();
    expect(schemaIssuesOf({ issues: [{ path: [] }] })).toBeUndefined();
  });

  it('carry no path, secret or echoed megabyte: a schema failure is sent as it is', () => {
    const echoed = 'x'.repeat(1_000_000);
    const failure = z
      .object({
        file: z.string().refine(() => false, {
          message: 'cannot open /home/alice/.ssh/id_rsa with token=sk-live-abcdef0123456789',
        }),
        note: z.string().refine(() => false, { message: `rejected: ${echoed}` }),
      })
      .safeParse({ file: 'a', note: 'b' }).error;
    const error = toAgentError(failure);
    expect(error.category).toBe('validation');
    for (const protocol of ['mcp', 'acp', 'jsonrpc', 'tool'] as const) {
      const wire = JSON.stringify(encode(error, protocol));
      expect(wire).not.toContain('/home/alice');
      expect(wire).not.toContain('sk-live');
      expect(wire.length).toBeLessThan(20_000);
    }
  });
});
