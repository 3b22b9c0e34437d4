export * from '../dialects/http/index.js';
