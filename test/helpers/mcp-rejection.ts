// What the MCP SDK's own client rejects with when its server's handler throws: the error as an
// MCP client meets it, over the SDK's in-memory transport. Each pair is closed after the file.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll } from 'vitest';
import { rejected } from './fresh-cases.js';

const open: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

/** What `client.listTools()` rejects with when the server's handler throws `thrown`. */
export const mcpRejection = (thrown: unknown) => async (): Promise<unknown> => {
  const server = new Server({ name: 's', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => Promise.reject(thrown));
  const client = new Client({ name: 'c', version: '1.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  open.push(async () => {
    await client.close();
    await server.close();
  });
  return rejected(client.listTools());
};
