// What `npm start` runs once the build is current: the server bundle, in a process of its own with the
// allocator settings that keep its memory down (docs/decisions/071). glibc reads MALLOC_ARENA_MAX only
// when a process starts, so it is set here, before the server's process exists; a value the operator
// set is kept. The server runs in a process group of its own, so a signal reaches it once, from here:
// Ctrl+C (SIGINT) and SIGTERM are passed on, SIGHUP (the terminal closed) as SIGTERM. The server's exit
// code is this process's.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const server = spawn(
  process.execPath,
  ['--enable-source-maps', path.join(root, 'apps/server/dist/main.mjs'), ...process.argv.slice(2)],
  { stdio: 'inherit', detached: true, env: { MALLOC_ARENA_MAX: '2', ...process.env } },
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
