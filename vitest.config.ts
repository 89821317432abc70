import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { catalogParts } from './apps/web/catalog-parts.ts';

const integration = (kind: 'pglite' | 'postgres') => ({
  test: {
    name: `integration-${kind}`,
    include: ['apps/server/test/**/*.int.test.ts'],
    globalSetup: ['apps/server/test/setup/global-setup.ts'],
    provide: { dbKind: kind },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest leaves a core free by default, which on a two-core machine is one file at a time. Every
    // integration file has its own database and data directory, so files run at least two at a time.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        plugins: [catalogParts()],
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}'],
          // FUZZ_SEED=<seed> draws the fuzz tests' input again from the seed a failure printed.
          provide: { fuzzSeed: process.env.FUZZ_SEED ?? '' },
          // Engine tests render real images: on two busy cores one may take several seconds, and a
          // file's setup (decoding and cutting out its photos) longer.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      integration('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [integration('postgres')] : []),
    ],
  },
});
