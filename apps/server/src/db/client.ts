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
import { lockDataDir, type DataDirLock } from './data-dir-lock.ts';
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
  /**
   * Calls `onMessage` with the payload of every NOTIFY on `channel`. `onListening(false)` says that
   * notifications may be missed from now on (the listening connection dropped), `onListening(true)`
   * that they arrive again: whatever is kept in step by them must not be trusted in between.
   * Resolves, once listening has begun, to a function that stops listening.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onListening: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
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
  /** The lock on dataDir, when the caller holds it already; close() releases it all the same. */
  lock?: DataDirLock | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir, options.lock);
}

async function openPglite(dataDir: string | undefined, heldLock: DataDirLock | undefined): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // Before PGlite touches the files: it writes to the directory as soon as it opens it (its own
  // postmaster.pid, crash recovery). Throws DataDirInUseError while another process has it open.
  const lock = heldLock ?? (dataDir ? await lockDataDir(dataDir) : undefined);
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      // pg_trgm backs word search; PGlite ships it as a loadable extension.
      extensions: { pg_trgm },
      // PostgreSQL's default 128 MB buffer cache lives in PGlite's WebAssembly memory, which never
      // shrinks: one school's working set fits in 32 MB, and the rest would stay resident for good
      // (decision 028). startParams replaces PGlite's own parameters, so they are kept.
      startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
    });
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
    async listen(channel, onMessage, onListening) {
      const unlisten = await client.listen(channel, onMessage);
      onListening(true);
      return async () => {
        onListening(false);
        await unlisten();
      };
    },
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

function openPool(connectionString: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.error('PostgreSQL pool connection error:', error.message));
  return pool;
}

async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  const pool = openPool(connectionString, 10);
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
    listen: (channel, onMessage, onListening) => listenOnPostgres(connectionString, channel, onMessage, onListening),
    close: () => pool.end(),
  };
}

/** A pool of read-only sessions: queries that may run on a replica, a few seconds behind the primary. */
export interface ReadReplica {
  db: Database;
  close(): Promise<void>;
}

/**
 * Staff browsing the analytics need a few connections, not the primary's 10: a page asks for two
 * statements at once, and the replica's connections are counted per instance like the primary's.
 */
const READ_REPLICA_POOL_SIZE = 4;

/**
 * Opens the staff analytics' read replica (ANALYTICS_DATABASE_URL, decision 029). Every session
 * is read-only, so a write sent here by mistake fails loudly even when the URL names a primary
 * (a hot standby refuses writes by itself). The URL's own options are kept, and its
 * application_name when it has one; otherwise the sessions are named so that pg_stat_activity on
 * the replica tells them apart.
 */
export function openReadReplica(connectionString: string): ReadReplica {
  const url = new URL(connectionString);
  // node-postgres takes the URL's parameters over its own settings, so the option goes into the URL.
  const options = url.searchParams.get('options');
  url.searchParams.set('options', [options, '-c default_transaction_read_only=on'].filter(Boolean).join(' '));
  if (!url.searchParams.has('application_name')) url.searchParams.set('application_name', 'vocagarden-analytics');
  const pool = openPool(url.toString(), READ_REPLICA_POOL_SIZE);
  return { db: drizzlePg({ client: pool, schema }) as unknown as Database, close: () => pool.end() };
}

/** How long a dropped listening connection waits before it connects again. */
const RELISTEN_DELAY_MS = 1000;

/** LISTEN on a connection of its own (a pooled one would be handed to other queries), reconnecting when it drops. */
async function listenOnPostgres(
  connectionString: string,
  channel: string,
  onMessage: (payload: string) => void,
  onListening: (listening: boolean) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      onListening(false);
      next.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect(), RELISTEN_DELAY_MS);
    };
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    next.on('error', onLost);
    next.on('end', onLost);
    try {
      await next.connect();
      await next.query(`LISTEN ${next.escapeIdentifier(channel)}`);
    } catch {
      onLost();
      return;
    }
    client = next;
    onListening(true);
  }

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    onListening(false);
    await client?.end().catch(() => {});
  };
}

/** Rows of a raw `db.execute(sql…)`: both drivers answer `{ rows }`, typed loosely by the shared base. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
