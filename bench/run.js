// `npm run bench`: every benchmark, one run, ratios against the competitors measured alongside.
import { runErrorBuildBench } from './error-build.js';

console.log(`agent-errors benchmarks — Node ${process.version}, ${new Date().toISOString()}`);
runErrorBuildBench();
