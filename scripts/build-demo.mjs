// The demo's build (`npm start`): src/ transpiled to dist/ by esbuild in well under a second, so
// the demo runs quickly on a fresh clone. It writes only the .js files, leaving any declarations
// a tsc build left. The published dist/ comes from `npm run build` (tsc), which `npm test` and
// `npm pack` run first.
import { transpile } from './transpile.mjs';

await transpile('dist');
