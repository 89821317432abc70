import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // One browser and one server per file. A file keeps one core under half busy (it waits on the
    // browser and the server in turn): two files at a time.
    maxWorkers: 2,
  },
});
