/**
 * What Node prints for an error (`console.log(err)`, an uncaught throw, `err.stack`), read back
 * into the error it stands for. Node's `util.inspect` format: the first line `Name: message`
 * (`Class [name]: message` when the class and the name differ — `DOMException [AbortError]`,
 * `APICallError [AI_APICallError]`, `Error [ERR_…]`), the stack frames, then the error's own
 * properties in braces, one a line, each nesting level (and each `[cause]`) indented two more
 * spaces:
 *
 * ```text
 * TypeError: fetch failed
 *     at … {
 *   [cause]: Error: connect ECONNREFUSED 127.0.0.1:6379
 *       at … {
 *     errno: -111,
 *     code: 'ECONNREFUSED',
 *   }
 * }
 * ```
 *
 * An error class that is no `Error` prints as an object: `AirtableError {`, then its properties.
 *
 * Strings, numbers, booleans, `null`, one-line arrays and `Set`s, and nested objects are kept
 * (a nested object of the printed depth, `[Object]` beyond it is not); symbols and getters are
 * not. The rebuilt error has a class of the printed class name, so the readers that read a
 * constructor's name, a `code`, a `status`, an `errorLabels` read it as they read the original.
 */

// `Name: message` or `Class [name or CODE]: message`.
// A circular error starts `<ref *1> `; pg's `DatabaseError` is named `error`.
// discord.js puts the code right after the class: `DiscordAPIError[50013]: Missing Permissions`.
// A minified bundle's class has a short lower-case name, its error's own name in brackets after
// it (xior's `v [XiorError]: …`).
const HEAD =
  /^(?:<ref \*\d+> )?([A-Z]\w*|error|[a-z_$][\w$]*(?= \[[A-Z]))(?: ?\[([\w.-]+)\])?(?::(?: ([\s\S]*))?)?$/;
// An error whose stack is empty prints as `[Name: message]`, its properties after it in braces.
const BRACKETED_HEAD =
  /^(?:<ref \*\d+> )?\[((?:[A-Z]\w*|error)(?: \[[\w.-]+\])?: [\s\S]*)\](?: \{)?$/;
// An error class that is no `Error` (airtable's `AirtableError`) prints as any object does: its
// class name, then its properties in braces (`message` among them), no stack.
const OBJECT_HEAD = /^(?:<ref \*\d+> )?([A-Z]\w*(?:Error|Exception)) \{$/;
const FRAME = /^\s+(?:at\s|\.\.\. \d+ (?:more )?lines? matching)/;
const CAUSE = /^\[cause\]: (.*)$/;
// `key: value`, the key bare or quoted, or in brackets for a property Node shows though it is not
// enumerable (`[errors]: [` of an `AggregateError`); the value up to an optional trailing comma.
const MEMBER = /^(?:([A-Za-z_$][\w$]*)|'([^']*)'|\[([A-Za-z_$][\w$]*)\]): (.*?),?$/;
// A value that is an error: its head (`error: …` is pg's `DatabaseError`, named `error`).
const NESTED_HEAD = /^(?:[A-Z]\w*|error)(?: \[[\w.-]+\])?: /;
const SCALAR = /^(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|(-?\d+(?:\.\d+)?)|(true|false|null))$/;
const OPENS = /(?:\{|\[)$/;
// A Map's entry as Node prints it: `0 => { code: 11000 }`.
const MAP_ENTRY = /^(.+?) => (.*?),?$/;

/** What a printed error was read as: the error, its first lines, what else it carried. */
export interface LoggedError {
  readonly error: Error;
  /** `Name: message`, without the stack frames and the properties. */
  readonly head: string;
  /** Whether the text carried properties or a `[cause]` beyond its head. */
  readonly members: boolean;
}

function scalar(text: string): unknown {
  const s = SCALAR.exec(text.trim());
  if (s === null) return undefined;
  if (s[1] !== undefined) return s[1].replace(/\\(.)/g, '$1');
  if (s[2] !== undefined) return s[2].replace(/\\(.)/g, '$1');
  if (s[3] !== undefined) return Number(s[3]);
  return s[4] === 'null' ? null : s[4] === 'true';
}

/** A one-line `[ 'a', 1 ]`, `Set(2) { 'a', 'b' }` or `{ a: 1, b: 'x' }`. */
function inline(text: string): unknown {
  const list = /^(?:Set\(\d+\) \{(.*)\}|\[(.*)\])$/.exec(text);
  if (list !== null) {
    const items = (list[1] ?? list[2]!).trim();
    return items === '' ? [] : items.split(/,\s*/).map(scalar);
  }
  const object = /^(?:[A-Z]\w* )?\{(.*)\}$/.exec(text);
  if (object === null) return scalar(text);
  const out: Record<string, unknown> = {};
  // Split before each key, bare or quoted (`'retry-after': '7'` of a `Headers`).
  for (const part of object[1]!.trim().split(/,\s+(?=(?:[\w$]+|'[^']*'): )/)) {
    const m = MEMBER.exec(part.trim());
    if (m !== null) out[m[1] ?? m[2] ?? m[3]!] = inline(m[4]!.trim());
  }
  return out;
}

function headOf(line: string): { error: Error; head: string } | undefined {
  const bracketed = BRACKETED_HEAD.exec(line.trim());
  const head = HEAD.exec(bracketed?.[1] ?? line.trim());
  if (head === null) return undefined;
  const cls = head[1]!;
  const bracket = head[2];
  // In brackets: a code (`ERR_…`, `ECONNREFUSED`) or the error's own name.
  const isCode = bracket !== undefined && /^(?:[A-Z][A-Z0-9_]+|\d+)$/.test(bracket);
  const name = bracket !== undefined && !isCode ? bracket : cls;
  // A class named for an error: `…Error`, `…Exception`, node-redis's `ErrorReply` and
  // `MultiErrorReply`.
  if (!/Error|Exception|^error$/.test(name) && !/Error|Exception/.test(cls)) {
    return undefined;
  }
  // A class of the printed name, as readers read a constructor's name.
  const Named = { [cls]: class extends Error {} }[cls]!;
  const error = new Named(head[3] ?? '');
  error.name = name;
  if (isCode) Object.assign(error, { code: bracket });
  return { error, head: `${name}: ${head[3] ?? ''}` };
}

/**
 * The error Node's printed form stands for, or `undefined` when the text does not start with an
 * error's head (`Name: message`). Read by `agent-errors explain` on pasted text.
 */
export function printedLoggedError(text: string): LoggedError | undefined {
  const lines = text.replace(/\r\n?/g, '\n').trim().split('\n');
  // The message runs to the first stack frame (a message may have several lines).
  // `[Name: message] {` has no frames: its properties start on the next line.
  const object = lines.length > 1 ? OBJECT_HEAD.exec(lines[0]!) : null;
  const firstFrame =
    object !== null ||
    (lines.length > 1 && BRACKETED_HEAD.test(lines[0]!) && lines[0]!.endsWith('{'))
      ? 1
      : lines.findIndex((l) => FRAME.test(l));
  const headLines = firstFrame < 0 ? lines : lines.slice(0, firstFrame);
  // An object's message is among its members, read below.
  const top = headOf(object === null ? headLines.join('\n') : `${object[1]!}:`);
  if (top === undefined) return undefined;
  if (firstFrame < 0) return { ...top, members: false };
  // Each open container with the indentation of its members.
  const open: {
    indent: number;
    into: Record<string, unknown> | unknown[] | Map<unknown, unknown>;
  }[] = [{ indent: 2, into: top.error as unknown as Record<string, unknown> }];
  let members = false;
  for (const raw of lines.slice(firstFrame)) {
    const indent = raw.length - raw.trimStart().length;
    const line = raw.trim();
    if (FRAME.test(raw) || line === '') continue;
    while (open.length > 1 && indent < open.at(-1)!.indent) open.pop();
    const target = open.at(-1)!;
    if (/^[}\]],?$/.test(line) || indent !== target.indent) continue;
    const cause = CAUSE.exec(line);
    if (cause !== null) {
      if (Array.isArray(target.into) || target.into instanceof Map) continue;
      // A cause that is no error (Gitbeaker's `{ description, request, response }`) prints as
      // `[cause]: {` when the constructor set it, as `cause: {` when it was assigned.
      const level =
        cause[1] === '{' ? { error: {} as Error } : headOf(cause[1]!.replace(/ \{$/, ''));
      if (level === undefined) continue;
      target.into.cause = level.error;
      open.push({ indent: indent + 2, into: level.error as unknown as Record<string, unknown> });
      members = true;
      continue;
    }
    if (target.into instanceof Map) {
      // A Map's entry, `key => value` (a client bulk write's `writeErrors` by index).
      const entry = MAP_ENTRY.exec(line);
      if (entry === null) continue;
      const key = scalar(entry[1]!) ?? entry[1]!;
      if (OPENS.test(entry[2]!)) {
        const item: Record<string, unknown> = {};
        target.into.set(key, item);
        open.push({ indent: indent + 2, into: item });
      } else target.into.set(key, inline(entry[2]!));
      members = true;
      continue;
    }
    const m = Array.isArray(target.into) ? null : MEMBER.exec(line);
    if (m === null) {
      // An array's item: an error (`[errors]: [` of an `AggregateError`, the AI SDK's
      // `RetryError`'s `errors`), a scalar or an object opening.
      if (Array.isArray(target.into)) {
        const item = NESTED_HEAD.test(line) ? headOf(line.replace(/ \{$/, '')) : undefined;
        if (item !== undefined) {
          target.into.push(item.error);
          open.push({ indent: indent + 2, into: item.error as unknown as Record<string, unknown> });
          members = true;
        } else if (OPENS.test(line)) {
          const item: Record<string, unknown> = {};
          target.into.push(item);
          open.push({ indent: indent + 2, into: item });
        } else target.into.push(inline(line.replace(/,$/, '')));
      }
      continue;
    }
    const key = m[1] ?? m[2] ?? m[3]!;
    const value = m[4]!.trim();
    // An error held by a property (`cause: MongoServerError: …` when `cause` was assigned, not
    // passed to the constructor; Sequelize's `parent: error: …` over pg): its frames and members
    // follow, indented two more.
    const nested = NESTED_HEAD.test(value) ? headOf(value.replace(/ \{$/, '')) : undefined;
    if (nested !== undefined) {
      (target.into as Record<string, unknown>)[key] = nested.error;
      open.push({ indent: indent + 2, into: nested.error as unknown as Record<string, unknown> });
      members = true;
      continue;
    }
    if (OPENS.test(value) && !/^(?:Set\(\d+\) )?[{[].*[}\]]$/.test(value)) {
      const into: Record<string, unknown> | unknown[] | Map<unknown, unknown> = value.endsWith('[')
        ? []
        : value.startsWith('Map(')
          ? new Map()
          : {};
      (target.into as Record<string, unknown>)[key] = into;
      open.push({ indent: indent + 2, into });
    } else {
      // A member printed `undefined` is still the instance's own (the Agents SDK's `state`).
      const v = value === 'undefined' ? undefined : inline(value);
      if (v !== undefined || value === 'undefined')
        (target.into as Record<string, unknown>)[key] = v;
    }
    members = true;
  }
  return { ...top, members };
}

/**
 * The error chain Node's printed form of an error with a `[cause]` stands for, or `undefined`
 * when the text has no `[cause]` block.
 */
export function printedErrorWithCause(text: string): Error | undefined {
  if (!/^\s*\[cause\]: /m.test(text)) return undefined;
  const logged = printedLoggedError(text);
  return logged?.error.cause === undefined ? undefined : logged.error;
}
