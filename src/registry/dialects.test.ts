// Core keeps the protocol names (PROTOCOLS: what AgentError's `wire`, serialisation and the CLI
// check a name against, without importing any dialect); the registry holds the dialects. Adding
// a protocol is one name in core/categories.ts and one line here, and this test says when the
// two lists disagree.
import { describe, expect, it } from 'vitest';
import { PROTOCOLS, isProtocol } from '../core/categories.js';
import { DIALECTS, RPC_DIALECTS, dialectOf, rpcDialectOf } from './dialects.js';
import { READERS } from './readers.js';

describe('the protocol names and the dialect registry', () => {
  it('name the same protocols, each dialect under its own name', () => {
    expect(Object.keys(DIALECTS).sort()).toEqual([...PROTOCOLS].sort());
    for (const protocol of PROTOCOLS) {
      expect(DIALECTS[protocol].protocol).toBe(protocol);
      expect(dialectOf(protocol)).toBe(DIALECTS[protocol]);
    }
  });

  it('hold the JSON-RPC family among them, each under its own name', () => {
    for (const [protocol, dialect] of Object.entries(RPC_DIALECTS)) {
      expect(isProtocol(protocol)).toBe(true);
      expect(dialect.protocol).toBe(protocol);
      expect(rpcDialectOf(protocol)).toBe(dialect);
    }
    expect(rpcDialectOf('http')).toBeUndefined();
  });

  it('give readers hints that name protocols only', () => {
    for (const reader of READERS) {
      for (const hint of reader.hints ?? []) {
        expect(hint === undefined || isProtocol(hint), `${reader.name}: ${String(hint)}`).toBe(
          true,
        );
      }
    }
  });

  it('know no other name: a typo or a prototype member is no protocol', () => {
    for (const name of ['MCP', 'toString', '__proto__', 'constructor', '', 'json-rpc']) {
      expect(dialectOf(name)).toBeUndefined();
      expect(isProtocol(name)).toBe(false);
    }
  });
});
