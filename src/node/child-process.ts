import { spawn } from 'node:child_process';
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import type { Framing } from '../rpc/framing.js';
import type { Transport } from '../rpc/transport.js';
import { nodeStreamTransport } from './node-stream-transport.js';

/** Framing options shared by the child-process and stdio transports. */
export interface StdioFramingOptions {
  /** How messages are cut and joined (default `ndjson`; `contentLength` for LSP servers). */
  framing?: Framing;
  /** Larger messages are skipped and answered with an error (default 16 MiB). */
  maxMessageBytes?: number;
}

/**
 * A transport over a running child process's stdin and stdout. The connection ends when the
 * child's stdout ends (it exited or was killed) or the child fails to start.
 *
 * @example
 * const child = spawn('my-agent', ['--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
 * const peer = createPeer({ transport: childProcessTransport(child), protocol: 'acp' });
 */
export function childProcessTransport(
  child: ChildProcess,
  options: StdioFramingOptions = {},
): Transport {
  if (child === null || typeof child !== 'object' || !child.stdout || !child.stdin) {
    throw new TypeError(
      'childProcessTransport: child must be a ChildProcess spawned with stdin and stdout as pipes',
    );
  }
  const inner = nodeStreamTransport({ input: child.stdout, output: child.stdin, ...options });
  return {
    start(sink) {
      let done = false;
      const onError = (error: Error): void => {
        if (done) return;
        done = true;
        stop();
        sink.closed(error);
      };
      child.once('error', onError);
      const stop = inner.start({
        message: (text) => sink.message(text),
        oversized: (size) => sink.oversized(size),
        closed: (error) => {
          child.removeListener('error', onError);
          if (done) return;
          done = true;
          sink.closed(error);
        },
      });
      return stop;
    },
    send: (text) => inner.send(text),
    close: () => inner.close(),
  };
}

/** Options for {@link spawnTransport}: Node's spawn options plus framing. */
export interface SpawnTransportOptions extends StdioFramingOptions {
  /** Passed to `child_process.spawn` (stdin and stdout are always pipes; stderr defaults to `'inherit'`). */
  spawn?: Omit<SpawnOptions, 'stdio'> & { stderr?: 'inherit' | 'pipe' | 'ignore' };
}

/**
 * Start `command` and talk JSON-RPC to it over its stdio. Closing the transport ends the child's
 * stdin; the child is killed if it is still running shortly after.
 *
 * @example
 * const { transport, child } = spawnTransport('node', ['server.mjs']);
 * const peer = createPeer({ transport, protocol: 'mcp' });
 */
export function spawnTransport(
  command: string,
  args: readonly string[] = [],
  options: SpawnTransportOptions = {},
): { transport: Transport; child: ChildProcess } {
  if (typeof command !== 'string' || command === '') {
    throw new TypeError('spawnTransport: command must be a non-empty string');
  }
  const { spawn: spawnOptions = {}, ...framing } = options;
  const { stderr = 'inherit', ...rest } = spawnOptions;
  const child = spawn(command, args, { ...rest, stdio: ['pipe', 'pipe', stderr] });
  const inner = childProcessTransport(child, framing);
  return {
    child,
    transport: {
      start: (sink) => inner.start(sink),
      send: (text) => inner.send(text),
      async close() {
        await inner.close();
        if (child.exitCode === null && child.signalCode === null) {
          const timer = setTimeout(() => child.kill(), 2_000);
          timer.unref();
          child.once('exit', () => clearTimeout(timer));
        }
      },
    },
  };
}
