/**
 * What Node prints for an error with a cause chain (`console.log(err)`, an uncaught throw:
 * `util.inspect`): the first line `TypeError: fetch failed`, stack lines, then the error's own
 * properties and its cause in braces, each level indented two more spaces:
 *
 * ```text
 * TypeError: fetch failed
 *     at … {
 *   [cause]: Error: getaddrinfo ENOTFOUND api.example.com
 *       at … {
 *     errno: -3008,
 *     code: 'ENOTFOUND',
 *     …
 *   }
 * }
 * ```
 *
 * The chain is rebuilt as errors with the names, messages and the `code`, `errno`, `syscall`
 * of each level, so the readers that take fetch's failures and Node's system codes read it.
 */

// `Name: message` or `Name [CODE]: message` (AggregateError [ECONNREFUSED]:, Error [ERR_…]:).
const HEAD = /^([A-Z]\w*)(?: \[([\w.-]+)\])?(?:: (.*))?$/;
const CAUSE = /^( *)\[cause\]: (.*)$/;
// The plain members worth keeping: a quoted string or a number.
const MEMBER = /^( *)(code|errno|syscall|hostname|address|port): (?:'([^']*)'|(-?\d+))[,]?$/;

interface Level {
  name: string;
  message: string;
  members: Record<string, string | number>;
}

function headOf(line: string): Level | undefined {
  const head = HEAD.exec(line.trim());
  if (head === null || !/(?:Error|Exception)$/.test(head[1]!)) return undefined;
  return {
    name: head[1]!,
    message: head[3] ?? '',
    members: head[2] === undefined ? {} : { code: head[2] },
  };
}

function build(levels: readonly Level[]): Error {
  let cause: Error | undefined;
  for (const level of [...levels].reverse()) {
    // A class of the printed name, as readers read a constructor's name.
    const Named = { [level.name]: class extends Error {} }[level.name]!;
    const error: Error = new Named(level.message, cause === undefined ? undefined : { cause });
    error.name = level.name;
    cause = Object.assign(error, level.members);
  }
  return cause!;
}

/**
 * The error chain Node's printed form of an error with a `[cause]` stands for, or `undefined`
 * when the text has no `[cause]` block. Read by `agent-errors explain` on pasted text.
 */
export function printedErrorWithCause(text: string): Error | undefined {
  const lines = text.replace(/\r\n?/g, '\n').trim().split('\n');
  const top = headOf(lines[0] ?? '');
  if (top === undefined || !lines.some((l) => CAUSE.test(l))) return undefined;
  const levels: Level[] = [top];
  for (const line of lines.slice(1)) {
    const cause = CAUSE.exec(line);
    if (cause !== null) {
      const depth = cause[1]!.length / 2;
      const level = headOf(cause[2]!);
      if (level === undefined || depth !== levels.length) break;
      levels.push(level);
      continue;
    }
    const member = MEMBER.exec(line);
    if (member === null) continue;
    // A member line is indented two spaces past its error's own level.
    const owner = levels[member[1]!.length / 2 - 1];
    if (owner !== undefined) owner.members[member[2]!] = member[3] ?? Number(member[4]);
  }
  return build(levels);
}
