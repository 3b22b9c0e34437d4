export * from '../dialects/arcp/index.js';
