export * from '../dialects/acp/index.js';
