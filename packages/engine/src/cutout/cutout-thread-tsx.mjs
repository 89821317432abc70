// The cut-out thread's entry when the engine runs from its TypeScript sources (tests, CLI, benchmarks):
// tsx loads them. The server bundle has its own compiled entry (see thread.ts).
import { register } from 'tsx/esm/api';

register();
await import('./cutout-thread.ts');
