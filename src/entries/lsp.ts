export * from '../dialects/lsp/index.js';
