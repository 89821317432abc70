// What `npm start` runs once the build is current: the server bundle, in a process of its own with the
// allocator settings that keep its memory down (docs/decisions/071 and 080). glibc reads MALLOC_ARENA_MAX
// and MALLOC_MMAP_THRESHOLD_ only when a process starts, so they are set here, before the server's
// process exists; a value the operator set is kept. The server runs in a process group of its own, so
// a signal reaches it once, from here: Ctrl+C (SIGINT) and SIGTERM are passed on, SIGHUP (the terminal
// closed) as SIGTERM. The server's exit code is this process's.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// Two arenas, and every block of a megabyte or more (an image's pixels) mapped on its own and given
// back to the system when freed, instead of kept in an arena that only grows.
const ALLOCATOR = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '1048576' };
const server = spawn(
  process.execPath,
  ['--enable-source-maps', path.join(root, 'apps/server/dist/main.mjs'), ...process.argv.slice(2)],
  { stdio: 'inherit', detached: true, env: { ...ALLOCATOR, ...process.env } },
);
const passed = new Set();
const pass = (signal) => {
  if (passed.has(signal)) return;
  passed.add(signal);
  server.kill(signal);
};
process.on('SIGINT', () => pass('SIGINT'));
process.on('SIGTERM', () => pass('SIGTERM'));
process.on('SIGHUP', () => pass('SIGTERM'));
server.on('error', (error) => {
  console.error(`Vitrine could not start: ${error.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0)));
