import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // One browser and one server per file; files run one after another. Two at a time took 7 min
    // instead of 9.5 here, but a session test failed once under it in CI (docs/decisions/078).
    fileParallelism: false,
  },
});
