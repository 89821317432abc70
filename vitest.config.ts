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
    projects: [
      {
        plugins: [catalogParts()],
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}'],
        },
      },
      integration('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [integration('postgres')] : []),
    ],
  },
});
