// Entry of the dev compiler's background thread when it runs without scripts/run-ts.mjs (tests):
// registers tsx's loader in this thread, then runs the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./dev-background-main.ts');
