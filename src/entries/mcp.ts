export * from '../dialects/mcp/index.js';
