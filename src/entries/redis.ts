export * from '../redis/index.js';
