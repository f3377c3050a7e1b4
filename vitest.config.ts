import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const apiTests = ['apps/server/src/**/*.api.test.ts'];
/**
 * The API files that start real servers and kill them mid-write. They run after the rest, one at a
 * time: two of them side by side, or one beside the multi-instance test, starve each other's servers
 * on two cores (a campaign then took over 90 s to finish after its restart).
 */
const crashTests = ['apps/server/src/**/*crash*.api.test.ts'];
/** Captures every test app's log and fails the run if a secret was logged. */
const logCapture = 'apps/server/test/log-capture-global-setup.ts';
const postgresSetup = 'apps/server/test/postgres-global-setup.ts';

/** Runs in the first group, a worker per core: these files mostly wait on a database. */
const PARALLEL = { sequence: { groupOrder: 0 }, maxWorkers: availableParallelism() };
/** Runs in the second group, one file at a time. */
const ONE_AT_A_TIME = { sequence: { groupOrder: 1 }, maxWorkers: 1 };

type ProjectOptions = NonNullable<TestProjectInlineConfiguration['test']>;

/**
 * The API suite runs on the embedded database, and again on PostgreSQL when TEST_DATABASE_URL is set;
 * each in two parts, the crash tests apart. Their servers are processes of their own, outside the log
 * scan, which covers the test apps.
 */
function apiProjects(database: string, databaseSetup: string[]): TestProjectInlineConfiguration[] {
  const project = (name: string, options: ProjectOptions): TestProjectInlineConfiguration => ({
    test: {
      name,
      environment: 'node',
      // One database per worker, shared by its files: a fresh PGlite takes seconds to start.
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 60_000,
      ...options,
    },
  });
  return [
    project(`api-${database}`, {
      include: apiTests,
      exclude: [...crashTests, '**/node_modules/**'],
      globalSetup: [...databaseSetup, logCapture],
      ...PARALLEL,
    }),
    project(`crash-${database}`, { include: crashTests, globalSetup: databaseSetup, ...ONE_AT_A_TIME }),
  ];
}

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
          exclude: [...apiTests, '**/node_modules/**'],
          environment: 'node',
          // They run beside the API files: on two busy cores, reading the 20,000 generated lemmas took 5.4 s.
          testTimeout: 30_000,
          ...PARALLEL,
        },
      },
      ...apiProjects('pglite', []),
      ...(process.env.TEST_DATABASE_URL ? apiProjects('postgres', [postgresSetup]) : []),
      {
        test: {
          // Server processes behind nginx on PostgreSQL and Redis (skipped without TEST_DATABASE_URL or nginx).
          name: 'cluster',
          include: ['apps/server/test/cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 240_000,
          ...ONE_AT_A_TIME,
        },
      },
    ],
  },
});
