/**
 * MCP (Model Context Protocol): `McpError`, its codes, and tool results with `isError: true`.
 *
 * @module agent-errors/mcp
 */
export * from '../dialects/mcp/index.js';
export * from '../mcp-sdk/index.js';
