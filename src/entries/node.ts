export * from '../node/index.js';
