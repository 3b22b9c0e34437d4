// An ACP SDK agent app and the SDK's client, talking newline-delimited JSON over in-memory
// streams, with every byte the client read kept for a test to scan.
import * as acp from '@agentclientprotocol/sdk';

/** Connect `agentApp` to `clientApp`; `wire()` is what the client read so far. */
export function connectAcp(agentApp: acp.AgentApp, clientApp = acp.client()) {
  const toAgent = new TransformStream<Uint8Array, Uint8Array>();
  const toClient = new TransformStream<Uint8Array, Uint8Array>();
  const bytes: Uint8Array[] = [];
  const tapped = toClient.readable.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        bytes.push(chunk);
        controller.enqueue(chunk);
      },
    }),
  );
  const agentConnection = agentApp.connect(acp.ndJsonStream(toClient.writable, toAgent.readable));
  const clientConnection = clientApp.connect(acp.ndJsonStream(toAgent.writable, tapped));
  return {
    agent: clientConnection.agent,
    agentSide: agentConnection,
    wire: () => Buffer.concat(bytes).toString('utf8'),
    /** Forget what was read so far. */
    clear: () => void bytes.splice(0),
    close() {
      clientConnection.close();
      agentConnection.close();
    },
  };
}
