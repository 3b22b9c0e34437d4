import { sanitizeMessage } from '../../core/sanitize-message.js';
import { AgentError } from '../../core/agent-error.js';

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
    // A schema failure is sent as it is (the exposure rule): its messages, which schema
    // libraries may write with the rejected value in them, are redacted and bounded here, once.
    // Paths stay as written, as in any message meant to be sent (the one path rule); an encoder
    // given `maskPaths: true` masks them.
    out.push({
      path: Array.isArray(path) ? (path as unknown[]).map(pathSegment) : [],
      message: sanitizeMessage(message, { maskPaths: false }),
    });
  }
  return out;
}

/**
 * One line naming the first problem and how many more there are.
 *
 * @example
 * formatSchemaIssues([{ path: ['name'], message: 'Required' }]); // 'Invalid input: name: Required'
 */
export function formatSchemaIssues(
  issues: readonly SchemaIssue[],
  label = 'Invalid input',
): string {
  const [first] = issues;
  if (!first) return label;
  const where = first.path.length > 0 ? `${first.path.join('.')}: ` : '';
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return `${label}: ${where}${first.message}${more}`;
}

/**
 * The one validation error the library makes of a schema failure, wherever it meets one:
 * category `validation`, `details.issues`, a message naming the first problem. A JSON-RPC
 * request's params (`params: true`) read `Invalid params: …` with code `INVALID_PARAMS`, which
 * every JSON-RPC protocol sends as -32602; anything else reads `Invalid input: …` with code
 * `VALIDATION_ERROR`.
 *
 * @example
 * schemaFailureError([{ path: ['limit'], message: 'Too big' }]).message; // 'Invalid input: limit: Too big'
 */
export function schemaFailureError(
  issues: SchemaIssue[],
  options: { params?: boolean; cause?: unknown } = {},
): AgentError {
  const params = options.params === true;
  return AgentError.validation(
    formatSchemaIssues(issues, params ? 'Invalid params' : 'Invalid input'),
    {
      code: params ? 'INVALID_PARAMS' : 'VALIDATION_ERROR',
      details: { issues },
      cause: options.cause,
      captureStack: false,
    },
  );
}
