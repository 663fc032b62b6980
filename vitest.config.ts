import { defineConfig } from 'vitest/config';

// One runner for unit, component and API tests. The API suite runs once per database:
// always on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
const apiProject = (name: string, kind: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: 'apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB_KIND: kind },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Above the 10 s that findBy and waitFor may wait (src/test/setup.ts).
          testTimeout: 30_000,
        },
      },
      apiProject('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-pg', 'postgres')] : []),
    ],
  },
});
