import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // One browser and one server per file; files run one after another to keep two cores calm.
    fileParallelism: false,
  },
});
