export * from '../retry/index.js';
export * from '../idempotency/index.js';
