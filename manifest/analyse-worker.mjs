// Entry of an analysis worker thread when the build runs without scripts/run-ts.mjs (tests):
// registers tsx's loader in this thread, then runs the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./analyse-worker-main.ts');
