/**
 * Whether `text` may start with the letter `upper` (or `lower`), after optional white space: a
 * look at the first character that lets a `^\s*Word` pattern be skipped for most text (even a
 * pattern that fails at once costs more than this). Letters are given as character codes.
 *
 * @example
 * mayStartWith('MCP error -32001: x', 0x4d); // true ('M')
 * mayStartWith('Request timed out', 0x4d); // false
 */
export function mayStartWith(text: string, upper: number, lower = upper): boolean {
  const c = text.charCodeAt(0);
  // White space (ASCII or not) may come first: then the pattern decides. (NaN: empty text.)
  return c === upper || c === lower || c <= 32 || c > 127;
}
