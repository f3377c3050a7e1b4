import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string | undefined;
  }
}

/**
 * Each run gets its own database on the TEST_DATABASE_URL server, dropped afterwards, so runs
 * (and CI re-runs on the same machine) never see each other's data.
 */
export default async function setup(project: TestProject) {
  const serverUrl = new URL(process.env.TEST_DATABASE_URL!);
  const name = `vocagarden_test_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();

  const runUrl = new URL(serverUrl);
  runUrl.pathname = `/${name}`;
  project.provide('databaseUrl', runUrl.toString());

  return async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl.toString() });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await cleanup.end();
  };
}
