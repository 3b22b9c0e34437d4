// `npm run bench`: every benchmark, one run, ratios against the competitors measured alongside.
import { runBundleSizeBench } from './bundle-size.js';
import { runDecodeBench } from './decode.js';
import { runErrorBuildBench } from './error-build.js';
import { printPeerBench, runPeerBench } from './peer.js';

console.log(`agent-errors benchmarks — Node ${process.version}, ${new Date().toISOString()}`);
runErrorBuildBench();
runDecodeBench();
printPeerBench(await runPeerBench());
const retryBench = await import('./retry.js');
await retryBench.runRetryBench();
await retryBench.runSharedStateBench();
await (await import('./mcp-tools.js')).runMcpToolsBench();
await runBundleSizeBench();
