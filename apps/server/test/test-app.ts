import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';

let database: Promise<DatabaseHandle> | undefined;

/** One migrated database per test worker (PGlite in memory, or the run's PostgreSQL database). */
export function testDatabase(): Promise<DatabaseHandle> {
  database ??= (async () => {
    const handle = await openDatabase({ databaseUrl: inject('databaseUrl') });
    await handle.migrate();
    return handle;
  })();
  return database;
}

export async function createTestApp(): Promise<FastifyInstance> {
  const { db } = await testDatabase();
  const app = await buildApp({
    db,
    config: { LOG_LEVEL: 'silent', PASSWORD_HASH_LOG_N: 10, WEB_DIST_DIR: '/nonexistent' },
  });
  await app.ready();
  return app;
}

/** Shorthand for JSON requests with an optional token. */
export function request(app: FastifyInstance, options: InjectOptions & { token?: string }) {
  const { token, ...rest } = options;
  return app.inject({
    ...rest,
    headers: { ...rest.headers, ...(token ? { authorization: `Token ${token}` } : {}) },
  });
}
