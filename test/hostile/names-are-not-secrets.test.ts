// A secret key's value is redacted; a list of key NAMES is not the value of a secret key. A
// validation error that lists the fields it misses (`['password', 'email']`) keeps every name,
// for every secret word, wherever the word stands in the list, while a real `[name, value]` pair
// (in a list of pairs, or under a headers key) and a flat headers list still lose their values.
import { describe, expect, it } from 'vitest';
import { AgentError, REDACTED, encode, serializeError, toJsonSafe } from 'agent-errors';

const SECRET_WORDS = [
  'password',
  'secret',
  'token',
  'apiKey',
  'Authorization',
  'cookie',
  'client_secret',
  'pin',
  'otp',
  'x-api-key',
  'private_key',
  'sessionToken',
];
const NAMES = ['email', 'username', 'display_name'];

/** Every way to list a secret word among other field names. */
function nameLists(word: string): { key: string; list: string[] }[] {
  const lists = [
    [word, NAMES[0] as string],
    [NAMES[0] as string, word],
    [word, ...NAMES],
    [...NAMES, word],
    [NAMES[0] as string, word, NAMES[1] as string],
  ];
  return ['missing', 'required', 'fields', 'invalidFields'].flatMap((key) =>
    lists.map((list) => ({ key, list })),
  );
}

describe('names are not secrets', () => {
  const cases = SECRET_WORDS.flatMap((word) => nameLists(word).map((c) => ({ word, ...c })));

  it.each(cases)('$key: $list keeps every name', ({ key, list }) => {
    expect(toJsonSafe({ [key]: list })).toEqual({ [key]: list });
    const error = AgentError.validation('missing fields', { details: { [key]: list } });
    expect(serializeError(error).details).toEqual({ [key]: list });
    const sent = JSON.stringify(encode(error, 'jsonrpc'));
    for (const name of list) expect(sent).toContain(JSON.stringify(name));
  });

  it.each(SECRET_WORDS)('a real %s pair or header list still loses its value', (word) => {
    const value = 'Zq8hunter2Pw9xRk';
    const safe = toJsonSafe({
      entries: [[word, value]],
      headers: [word, value],
      rawHeaders: ['Host', 'api', word, value],
    });
    expect(JSON.stringify(safe)).not.toContain(value);
    expect(safe).toEqual({
      entries: [[word, REDACTED]],
      headers: [word, REDACTED],
      rawHeaders: ['Host', 'api', word, REDACTED],
    });
  });
});
