// What `npm start` runs once the build is current: the server bundle, in a process of its own with the
// allocator settings that keep its memory down (docs/decisions/071). glibc reads MALLOC_ARENA_MAX only
// when a process starts, so it is set here, before the server's process exists; a value the operator
// set is kept. The terminal's Ctrl+C reaches the server itself (one process group); SIGTERM and SIGHUP
// sent to this process are passed on; the server's exit code is this process's.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const server = spawn(
  process.execPath,
  ['--enable-source-maps', path.join(root, 'apps/server/dist/main.mjs'), ...process.argv.slice(2)],
  { stdio: 'inherit', env: { MALLOC_ARENA_MAX: '2', ...process.env } },
);
process.on('SIGINT', () => {});
for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0)));
