import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A child process of its own, whose memory the test can read: 160 MB of 64-KB blocks are allocated by
// glibc's malloc in the middle of its heap, then freed (one block allocated last stays, so the free
// memory is not at the heap's top, where glibc would give it back by itself). What stays resident
// before and after the memory is given back is printed.
const CHILD = `
import fs from 'node:fs';
import { giveBackFreedMemory } from ${JSON.stringify(path.join(import.meta.dirname, 'give-back.ts'))};
const rss = () => Number(/VmRSS:\\s+(\\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
let blocks = Array.from({ length: 2560 }, (_, i) => Buffer.alloc(64 * 1024, i));
const pin = Buffer.alloc(64 * 1024, 1);
blocks = null;
globalThis.gc();
globalThis.gc();
const before = rss();
const asked = await giveBackFreedMemory();
const after = rss();
console.log(JSON.stringify({ asked, before, after, pin: pin.length }));
`;

describe('giveBackFreedMemory', () => {
  // glibc's own call: on musl (Alpine) there is nothing to ask.
  const glibc = Boolean(
    (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime,
  );
  it.runIf(process.platform === 'linux' && glibc)(
    "hands the memory freed in the middle of glibc's heap back to the system",
    () => {
      const out = execFileSync(
        process.execPath,
        ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', CHILD],
        // The allocator as the server runs it (scripts/start.mjs): 64-KB blocks come from the arenas.
        {
          encoding: 'utf8',
          timeout: 60_000,
          // eslint-disable-next-line no-restricted-properties -- the child runs in the caller's environment
          env: { ...process.env, MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '1048576' },
        },
      );
      const { asked, before, after } = JSON.parse(out.trim().split('\n').at(-1)!) as {
        asked: boolean;
        before: number;
        after: number;
      };
      expect(asked).toBe(true);
      // The 160 MB were still resident once freed, and most of them went back.
      expect(before - after).toBeGreaterThan(100);
    },
  );
});
