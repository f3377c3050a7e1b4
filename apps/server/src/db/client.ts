import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: repositories accept either. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/** Rows of a raw statement, shaped like node-postgres's result (what pg-boss reads). */
export interface SqlResult {
  rows: Record<string, unknown>[];
  rowCount: number;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Runs SQL text outside any Drizzle transaction, for libraries that bring their own SQL (the job
   * queue's pg-boss). With values the text must be ONE statement with $1… placeholders; without
   * values it may be a script of several statements (even BEGIN; …; COMMIT), and the result is the
   * last statement's. A script that fails midway is rolled back, never left open on the connection.
   */
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
  /** Applies every committed migration not yet applied; safe to call on every start. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** In the source tree this is src/db/migrations; the server bundle copies it next to itself. */
const migrationsFolder = new URL('./migrations/', import.meta.url).pathname;

/** Arbitrary but fixed: serialises migrations when several instances start at once. */
const MIGRATION_LOCK_ID = 727_100_001;

export interface DatabaseOptions {
  /** postgres://… for a PostgreSQL server; otherwise the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite's data directory; undefined keeps the embedded database in memory (tests). */
  dataDir?: string | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // Before PGlite touches the files: it writes to the directory as soon as it opens it (its own
  // postmaster.pid, crash recovery). Throws DataDirInUseError while another process has it open.
  const lock = dataDir ? await lockDataDir(dataDir) : undefined;
  let client: PGlite;
  try {
    // pg_trgm backs word search; PGlite ships it as a loadable extension.
    client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    // PGlite is single-connection and the directory lock keeps it single-process: no lock needed.
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows, rowCount: result.affectedRows ?? 0 };
      }
      // A script with its own BEGIN … COMMIT runs inside PGlite's transaction() so that it holds the
      // transaction lock throughout: if it fails midway, the ROLLBACK happens before any other query
      // can land in the aborted transaction. (Its BEGIN and COMMIT only draw a warning in there.)
      const results = /^\s*BEGIN\b/i.test(text)
        ? await client.transaction((tx) => tx.exec(text))
        : await client.exec(text);
      const last = results.at(-1);
      return { rows: (last?.rows ?? []) as Record<string, unknown>[], rowCount: last?.affectedRows ?? 0 };
    },
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.error('PostgreSQL pool connection error:', error.message));
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const connection = await pool.connect();
      try {
        await connection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg({ client: connection, schema }), { migrationsFolder });
      } finally {
        await connection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        connection.release();
      }
    },
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const result = await pool.query(text, values);
        return { rows: result.rows, rowCount: result.rowCount ?? 0 };
      }
      // A script (simple protocol, possibly BEGIN … COMMIT) gets its own connection; if it fails,
      // that connection is discarded rather than returned to the pool inside an aborted transaction.
      const connection = await pool.connect();
      let failure: Error | undefined;
      try {
        const results = (await connection.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
        const last = Array.isArray(results) ? results.at(-1) : results;
        return { rows: last?.rows ?? [], rowCount: last?.rowCount ?? 0 };
      } catch (error) {
        failure = error as Error;
        throw error;
      } finally {
        connection.release(failure);
      }
    },
    close: () => pool.end(),
  };
}

/** Rows of a raw `db.execute(sql…)`: both drivers answer `{ rows }`, typed loosely by the shared base. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
