export * from '../retry/index.js';
