export { formatSchemaIssues, schemaFailureError, schemaIssuesOf } from './issues.js';
export type { SchemaIssue } from './issues.js';
export { schemaReader } from './reader.js';
