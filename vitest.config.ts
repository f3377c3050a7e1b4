import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const apiTests = ['apps/server/src/**/*.api.test.ts'];
/** Captures every test app's log and fails the run if a secret was logged. */
const logCapture = 'apps/server/test/log-capture-global-setup.ts';

/** The API suite runs on the embedded database, and again on PostgreSQL when TEST_DATABASE_URL is set. */
function apiProject(name: string, extra: TestProjectInlineConfiguration['test'] = {}): TestProjectInlineConfiguration {
  return {
    test: {
      name,
      include: apiTests,
      environment: 'node',
      // One database per worker, shared by its files: a fresh PGlite takes seconds to start.
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 60_000,
      ...extra,
    },
  };
}

export default defineConfig({
  test: {
    // Vitest runs one file at a time on a two-core machine. The API files mostly wait on a database or
    // on server processes they started, so a worker per core keeps both busy: CI's run went from 12.5
    // to 7.7 minutes.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
          exclude: [...apiTests, '**/node_modules/**'],
          environment: 'node',
        },
      },
      apiProject('api-pglite', { globalSetup: [logCapture] }),
      {
        test: {
          // Server processes behind nginx on PostgreSQL and Redis (skipped without TEST_DATABASE_URL or nginx).
          name: 'cluster',
          include: ['apps/server/test/cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 240_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [apiProject('api-postgres', { globalSetup: ['apps/server/test/postgres-global-setup.ts', logCapture] })]
        : []),
    ],
  },
});
