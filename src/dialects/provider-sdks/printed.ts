/**
 * What the provider SDKs print once their error is only text.
 *
 * - The Python SDKs (openai-python and anthropic-python, `_exceptions.py` / `_client.py`
 *   `_make_status_error`): an `APIStatusError`'s message is `f"Error code: {status} - {body}"`,
 *   where `body` is the parsed JSON body printed as a Python `repr` (single quotes, `True`,
 *   `False`, `None`) or the raw text; a traceback's last line puts `openai.RateLimitError: ` first.
 *   Their client-side errors print `openai.APIConnectionError: Connection error.` and
 *   `openai.APITimeoutError: Request timed out.`
 * - The JS SDKs' client-side classes (`APIConnectionError`, `APIConnectionTimeoutError`,
 *   `APIUserAbortError`) print under their class name in a log, or as `Error: Connection error.`
 *   from `String(err)`; their status errors are read by the `<status> <body>` shape.
 * - OpenAI's rate-limit messages say the wait in words: `Please try again in 2.5s` (also `20ms`,
 *   `1m30s`), the printed form's only trace of the reset headers.
 */

import { waitInMessage } from '../http/message-wait.js';

// `openai.` / `anthropic.` (a traceback's module path) before the class name is optional.
const PYTHON_STATUS = /^(?:(?:[a-z_]+\.)*[A-Z]\w*: )?Error code: (\d{3})(?: - ([\s\S]*))?$/;

// The client-side classes of both SDK families, by the name the SDK uses for the condition.
const CLIENT_SIDE: Readonly<Record<string, string>> = {
  APIConnectionError: 'APIConnectionError',
  APIConnectionTimeoutError: 'APIConnectionTimeoutError',
  // openai-python and anthropic-python call the timeout `APITimeoutError`.
  APITimeoutError: 'APIConnectionTimeoutError',
  APIUserAbortError: 'APIUserAbortError',
};
const CLIENT_SIDE_PRINTED = /^(?:[a-z_]+\.)*(API\w+Error): ([\s\S]*)$/;
// `String(err)` of the JS SDKs' client-side errors says `Error: ` and the class's fixed message.
const CLIENT_SIDE_MESSAGES: Readonly<Record<string, string>> = {
  'Connection error.': 'APIConnectionError',
  'Request timed out.': 'APIConnectionTimeoutError',
  'Request was aborted.': 'APIUserAbortError',
};

/** A Python literal (`repr` of a dict, list, str, number, bool or None) as JSON data. */
export function pythonLiteral(text: string): unknown {
  let at = 0;
  const fail = (): never => {
    throw new SyntaxError(`not a Python literal at ${at}`);
  };
  const space = () => {
    while (/\s/.test(text[at] ?? '')) at += 1;
  };
  const value = (): unknown => {
    space();
    const c = text[at];
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      at += 1;
      const entries: [unknown, unknown][] = [];
      space();
      while (text[at] !== close) {
        const key = value();
        space();
        let item: unknown = key;
        if (c === '{') {
          if (text[at] !== ':') fail();
          at += 1;
          item = value();
        }
        entries.push([key, item]);
        space();
        if (text[at] === ',') at += 1;
        else if (text[at] !== close) fail();
        space();
      }
      at += 1;
      return c === '{'
        ? Object.fromEntries(entries.map(([k, v]) => [String(k), v]))
        : entries.map(([, v]) => v);
    }
    if (c === "'" || c === '"') return str(c);
    const word = /^(?:True|False|None|-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)/.exec(text.slice(at));
    if (word === null) return fail();
    at += word[0].length;
    return word[0] === 'True'
      ? true
      : word[0] === 'False'
        ? false
        : word[0] === 'None'
          ? null
          : Number(word[0]);
  };
  const ESCAPES: Record<string, string> = {
    n: '\n',
    t: '\t',
    r: '\r',
    '\\': '\\',
    "'": "'",
    '"': '"',
  };
  const str = (quote: string): string => {
    at += 1;
    let out = '';
    while (text[at] !== quote) {
      if (at >= text.length) fail();
      if (text[at] === '\\') {
        const next = text[at + 1] ?? '';
        const hex = /^(?:x([0-9a-f]{2})|u([0-9a-f]{4}))/i.exec(text.slice(at + 1));
        if (hex !== null) {
          out += String.fromCharCode(parseInt(hex[1] ?? hex[2]!, 16));
          at += 1 + hex[0].length;
          continue;
        }
        out += ESCAPES[next] ?? `\\${next}`;
        at += 2;
        continue;
      }
      out += text[at];
      at += 1;
    }
    at += 1;
    return out;
  };
  const result = value();
  space();
  if (at !== text.length) fail();
  return result;
}

function bodyOf(text: string): unknown {
  const trimmed = text.trim();
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    try {
      return pythonLiteral(trimmed);
    } catch {
      return trimmed;
    }
  }
}

/** The response a message naming a wait stands for gets it as the `retry-after-ms` header. */
export function headersForWait(message: string): Record<string, string> {
  const ms = waitInMessage(message);
  return ms === undefined ? {} : { 'retry-after-ms': String(ms) };
}

/**
 * The response a Python SDK's printed status error stands for (`{ status, headers, body }`), or
 * `undefined` for other text.
 */
export function printedPythonSdkError(
  text: string,
): { status: number; headers: Record<string, string>; body?: unknown } | undefined {
  const printed = PYTHON_STATUS.exec(text);
  if (printed === null) return undefined;
  // An empty body prints as `Error code: 503` alone.
  const said = printed[2] ?? '';
  return {
    status: Number(printed[1]),
    headers: headersForWait(said),
    ...(said.trim() === '' ? {} : { body: bodyOf(said) }),
  };
}

/**
 * The SDK error a printed client-side failure stands for (`APIConnectionError: Connection
 * error.`, Python's `openai.APITimeoutError: Request timed out.`), as an error of the JS SDK's
 * class name, or `undefined` for other text.
 */
export function printedSdkClientError(text: string): Error | undefined {
  const printed = CLIENT_SIDE_PRINTED.exec(text);
  const message = printed === null ? text.replace(/^Error: /, '') : printed[2]!.trim();
  const name =
    printed === null
      ? text.startsWith('Error: ')
        ? CLIENT_SIDE_MESSAGES[message]
        : undefined
      : CLIENT_SIDE[printed[1]!];
  if (name === undefined) return undefined;
  const Named = { [name]: class extends Error {} }[name]!;
  return Object.assign(new Named(message), { name });
}
