// The export's worker thread when the server runs from its TypeScript sources (tsx, the tests):
// on Node 20 a worker does not inherit the loader its parent was started with, so this registers
// tsx's loader in the thread first. export-thread.ts starts the thread here only when it could not
// bundle the thread's code with esbuild.
import { register } from 'tsx/esm/api';

register();
await import('./export-worker-thread.ts');
