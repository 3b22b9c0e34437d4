export * from '../dialects/a2a/index.js';
