/** One schema failure, reduced to what every schema library agrees on. */
export interface SchemaIssue {
  /** Where in the input the problem is: keys and indexes from the root. */
  path: (string | number)[];
  message: string;
}

function pathSegment(segment: unknown): string | number {
  if (typeof segment === 'string' || typeof segment === 'number') return segment;
  if (typeof segment === 'symbol') return segment.toString();
  if (segment !== null && typeof segment === 'object' && 'key' in segment) {
    // Standard Schema's PathSegment and Valibot's path items carry the key in `key`.
    return pathSegment(segment.key);
  }
  return String(segment);
}

/**
 * The issues of a failed schema check, recognised by shape, or `undefined` when `value` is not
 * one: a Zod `ZodError` (v3 or v4), a Valibot `ValiError`, a Standard Schema failure result
 * (`{ issues }`), or anything else with a non-empty `issues` array of `{ message, path? }`.
 *
 * @example
 * schemaIssuesOf({ issues: [{ message: 'Required', path: ['user', { key: 'name' }] }] });
 * // [{ path: ['user', 'name'], message: 'Required' }]
 */
export function schemaIssuesOf(value: unknown): SchemaIssue[] | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  let issues: unknown;
  try {
    issues = (value as { issues?: unknown }).issues;
  } catch {
    return undefined;
  }
  if (!Array.isArray(issues) || issues.length === 0) return undefined;
  const out: SchemaIssue[] = [];
  for (const issue of issues as unknown[]) {
    if (issue === null || typeof issue !== 'object') return undefined;
    const { message, path } = issue as { message?: unknown; path?: unknown };
    if (typeof message !== 'string') return undefined;
    out.push({ path: Array.isArray(path) ? (path as unknown[]).map(pathSegment) : [], message });
  }
  return out;
}

/**
 * One line naming the first problem and how many more there are.
 *
 * @example
 * formatSchemaIssues([{ path: ['name'], message: 'Required' }]); // 'Invalid input: name: Required'
 */
export function formatSchemaIssues(issues: readonly SchemaIssue[]): string {
  const [first] = issues;
  if (!first) return 'Invalid input';
  const where = first.path.length > 0 ? `${first.path.join('.')}: ` : '';
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return `Invalid input: ${where}${first.message}${more}`;
}
