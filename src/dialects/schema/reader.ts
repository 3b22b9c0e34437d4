import type { Reader } from '../../core/reader.js';
import { schemaFailureError, schemaIssuesOf } from './issues.js';

/**
 * A failed schema check, by shape (a Zod `ZodError`, a Valibot `ValiError`, a Standard Schema
 * failure result, anything with a non-empty `issues` array of `{ message, path? }`): the one
 * validation error `schemaFailureError` makes, with `details.issues`, its messages sanitised.
 * Read after every other reader: only a shape no protocol claims is a schema library's. Meant
 * for the caller wherever it was thrown (its issues say what to fix): the exposure rule sends it
 * with its issues, never its cause.
 */
export const schemaReader: Reader = {
  name: 'schema failure',
  fallback: true,
  recognise(view) {
    const issues = schemaIssuesOf(view.input);
    return issues && schemaFailureError(issues, { cause: view.input });
  },
  exposable(error) {
    const issues = schemaIssuesOf(error);
    return issues && schemaFailureError(issues);
  },
};
