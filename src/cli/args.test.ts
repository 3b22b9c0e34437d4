// parseArgs, the CLI's argument parser: every way an option can be written, crossed with every
// way it can be wrong, each wrong one a UsageError that names the option and what was expected.
import { describe, expect, it } from 'vitest';
import { parseArgs } from './args.js';
import { UsageError } from './usage-error.js';

const spec = { command: 'explain', flags: ['--json'], options: ['--protocol'] } as const;

describe('parseArgs', () => {
  it.each([
    [['--protocol', 'mcp', 'x.json'], 'mcp', ['x.json']],
    [['--protocol=mcp', 'x.json'], 'mcp', ['x.json']],
    [['x.json', '--protocol', 'mcp'], 'mcp', ['x.json']],
    [['-', '--protocol=a2a'], 'a2a', ['-']],
    [['--', '--protocol', 'mcp'], undefined, ['--protocol', 'mcp']],
  ])('%j', (args, protocol, positionals) => {
    const parsed = parseArgs(args, spec);
    expect(parsed.options['--protocol']).toBe(protocol);
    expect(parsed.positionals).toEqual(positionals);
    expect(parsed.help).toBe(false);
  });

  it('reads flags and help wherever they stand', () => {
    for (const help of ['-h', '--help']) {
      const parsed = parseArgs(['--json', 'x', help], spec);
      expect([parsed.flags.has('--json'), parsed.help, parsed.positionals]).toEqual([
        true,
        true,
        ['x'],
      ]);
    }
  });

  it.each([
    [['--json=yes'], '--json takes no value'],
    [['--protocol'], '--protocol needs a value'],
    [['--protocol='], '--protocol needs a value'],
    [['--verbose'], 'unknown option "--verbose"; expected --json, --protocol <value>, --help'],
    [['-x'], 'unknown option "-x"'],
  ])('%j is a usage error', (args, said) => {
    const thrown = (() => {
      try {
        parseArgs(args, spec);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(thrown).toBeInstanceOf(UsageError);
    expect((thrown as Error).message).toContain(`explain: ${said}`);
  });
});
