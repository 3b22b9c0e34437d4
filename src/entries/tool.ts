export * from '../dialects/tool/index.js';
