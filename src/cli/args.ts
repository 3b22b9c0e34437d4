import { isProtocol, PROTOCOLS } from '../core/categories.js';
import type { Protocol } from '../core/categories.js';
import { UsageError } from './usage-error.js';
import { describeValue } from '../core/is.js';

/** What a command accepts: flags without a value and options that take one. */
export interface ArgSpec<F extends string, O extends string> {
  command: string;
  flags: readonly F[];
  options: readonly O[];
}

export interface ParsedArgs<F extends string, O extends string> {
  flags: Set<F>;
  options: Partial<Record<O, string>>;
  positionals: string[];
  help: boolean;
}

function expected(spec: ArgSpec<string, string>): string {
  return [...spec.flags, ...spec.options.map((o) => `${o} <value>`), '--help'].join(', ');
}

/**
 * A small, strict argument parser: `--opt value`, `--opt=value`, `-` and `--` as usual; any
 * other argument starting with `-` that the spec does not name is a usage error.
 */
export function parseArgs<F extends string, O extends string>(
  args: readonly string[],
  spec: ArgSpec<F, O>,
): ParsedArgs<F, O> {
  const result: ParsedArgs<F, O> = { flags: new Set(), options: {}, positionals: [], help: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--') {
      result.positionals.push(...args.slice(i + 1));
      break;
    }
    if (arg === '-' || !arg.startsWith('-')) {
      result.positionals.push(arg);
      continue;
    }
    if (arg === '-h' || arg === '--help') {
      result.help = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg : arg.slice(0, eq);
    if ((spec.flags as readonly string[]).includes(name)) {
      if (eq !== -1) throw new UsageError(`${spec.command}: ${name} takes no value`);
      result.flags.add(name as F);
    } else if ((spec.options as readonly string[]).includes(name)) {
      const value = eq === -1 ? args[++i] : arg.slice(eq + 1);
      if (value === undefined || value === '') {
        throw new UsageError(`${spec.command}: ${name} needs a value`);
      }
      result.options[name as O] = value;
    } else {
      throw new UsageError(
        `${spec.command}: unknown option ${JSON.stringify(arg)}; expected ${expected(spec)}`,
      );
    }
  }
  return result;
}

/** `value` as a protocol name, or a usage error that lists the valid ones. */
export function protocolOption(command: string, option: string, value: string): Protocol {
  if (isProtocol(value)) return value;
  throw new UsageError(
    `${command}: unknown protocol ${JSON.stringify(value)} for ${option}; expected one of: ${PROTOCOLS.join(', ')}`,
  );
}

/** `value` as one of `choices`, or a usage error that names the option and the choices. */
export function choiceOption<C extends string>(
  command: string,
  option: string,
  value: string,
  choices: readonly C[],
): C {
  if ((choices as readonly string[]).includes(value)) return value as C;
  throw new UsageError(
    `${command}: ${option} must be one of: ${choices.join(', ')}; received ${describeValue(value)}`,
  );
}
