// An error built by upstream @arcp/core, written in another protocol without first going
// through the hub (`encode(e, 'tool')`, `toCallToolResult(e)`, `encode(e, 'http')`): each of the
// fifteen codes keeps its category and retryability, as ours do. @arcp/core is not installed:
// its class is reproduced in test/helpers/upstream-arcp.ts.
import { describe, expect, it } from 'vitest';
import { decode, encode } from '../src/index.js';
import { ARCP_ERRORS, ARCP_ERROR_CODES } from '../src/dialects/arcp/codes.js';
import { createARCPError } from '../src/dialects/arcp/index.js';
import { toCallToolResult } from '../src/helpers/mcp.js';
import type { Protocol } from '../src/core/categories.js';
import { UpstreamARCPError } from './helpers/upstream-arcp.js';

const PROTOCOLS: Protocol[] = ['tool', 'http', 'jsonrpc', 'mcp', 'acp', 'grpc'];

describe('an upstream @arcp/core error written in another protocol', () => {
  it.each(ARCP_ERROR_CODES)('%s keeps its category and retryability, as ours does', (code) => {
    const upstream = new UpstreamARCPError({ code, message: 'lease checked' });
    const ours = createARCPError(code, 'lease checked', { retryable: upstream.retryable });
    for (const protocol of PROTOCOLS) {
      const fromUpstream = decode(JSON.parse(JSON.stringify(encode(upstream, protocol))), {
        protocol,
      });
      const fromOurs = decode(JSON.parse(JSON.stringify(encode(ours, protocol))), { protocol });
      expect([fromUpstream.category, fromUpstream.retryable], protocol).toEqual([
        fromOurs.category,
        fromOurs.retryable,
      ]);
      expect(fromUpstream.category, protocol).toBe(ARCP_ERRORS[code].category);
    }
    const result = toCallToolResult(upstream);
    expect(decode(result, { protocol: 'mcp' }).category).toBe(ARCP_ERRORS[code].category);
  });
});
