import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { DatabaseHandle, Executor, SqlResult } from '../../db/client.ts';

/**
 * A durable job queue in the database (pg-boss 10 on PostgreSQL and on the embedded PGlite; see
 * docs/decisions/007-durable-job-queue.md). Jobs survive restarts, are retried with exponential
 * backoff, and end as dead letters (state `failed`, with their last error) when retries run out.
 * Delivery is at least once: a handler must tolerate running again for the same job.
 */
export interface JobQueue {
  /** Creates or migrates pg-boss's schema, creates the queues registered so far and starts their workers. */
  start(): Promise<void>;
  /**
   * Stops fetching, waits for running jobs up to `timeoutMs` (default: the factory's `stopTimeoutMs`),
   * then fails whatever still runs so it is retried later. Idempotent; the queue cannot start again.
   */
  stop(options?: { timeoutMs?: number }): Promise<void>;
  /**
   * Registers the handler of a queue and its retry policy (stored on the queue, so it applies to
   * jobs sent from then on, by any process). Before start() it is set up at start; after, at once.
   */
  work<T>(name: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>;
  /**
   * Enqueues a job; `data` travels as JSON (a Date arrives as its ISO string). With `tx` the job is
   * written in that transaction: it exists if and only if the transaction commits. The queue must be
   * registered with work() in this process. Resolves to the job id, or null when `singletonKey`
   * matched a job that already exists. Inside a transaction, always pass it as `tx`: on PGlite (one
   * connection) a send without it would wait for the transaction to end, which waits for the send.
   */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Jobs that exhausted their retries, newest first (including archived ones still kept). */
  deadLetters(name?: string): Promise<DeadLetter[]>;
  /** Gives a dead letter one more attempt; false if no such dead job is in the live table. */
  retryDeadLetter(name: string, id: string): Promise<boolean>;
  /**
   * Resolves once no job of the given queues (default: all registered) is running, waiting for a
   * retry, or waiting while due; jobs scheduled for later with startAfter do not count. Rejects
   * after `timeoutMs` (default 30 s). Meant for tests and scripts.
   */
  drain(options?: { names?: string[]; timeoutMs?: number }): Promise<void>;
  /** How many live jobs of a queue are in each state (created, retry, active, completed, failed …). */
  counts(name: string): Promise<Record<string, number>>;
}

export type JobHandler<T> = (data: T, job: { id: string; name: string; attempt: number }) => Promise<void>;

export interface WorkOptions {
  /** Retries after the first attempt; then the job is a dead letter. Default 5. */
  retryLimit?: number;
  /**
   * Whole seconds. With backoff (the default) the n-th retry waits between delay·2^(n-1) and
   * delay·2^n seconds (jittered); without, exactly `delay`. Default 30 (minimum 1 with backoff).
   */
  retryDelaySeconds?: number;
  /** Default true. */
  retryBackoff?: boolean;
  /**
   * How long an attempt may run before it counts as failed (and is retried); also how long a job
   * held by a crashed process waits before being picked up again. Default 300.
   */
  expireInSeconds?: number;
  /** Jobs fetched and run concurrently by this process's worker. Default 1. */
  batchSize?: number;
}

export interface SendOptions {
  /** A Drizzle transaction (or the database) to write the job with. */
  tx?: Executor;
  /** Not before this time. */
  startAfter?: Date;
  /**
   * Idempotency key: while a job with the same queue and key is kept (waiting, running, dead, or
   * completed within the last day), another send with it is ignored and resolves to null.
   */
  singletonKey?: string;
}

export interface DeadLetter {
  id: string;
  name: string;
  data: unknown;
  /** The last attempt's error message. */
  error: string;
  failedAt: Date;
  attempts: number;
}

export interface JobLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface JobQueueOptions {
  database: Pick<DatabaseHandle, 'executeSql'>;
  log: JobLogger;
  /** PostgreSQL schema of pg-boss's tables. Default `pgboss`; tests use their own. */
  schema?: string;
  /** How often an idle worker asks for new jobs. Default 1000 ms (minimum 50). */
  pollingIntervalMs?: number;
  /** How often expired jobs are failed and finished ones archived (one process does it per interval). Default 60. */
  maintenanceIntervalSeconds?: number;
  /** Default for stop(). Default 10 000 ms. */
  stopTimeoutMs?: number;
}

const DEFAULTS = { retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 300, batchSize: 1 };
const DAY_SECONDS = 24 * 60 * 60;
const QUEUE_NAME = /^[A-Za-z0-9_.-]{1,100}$/;

interface Registration {
  name: string;
  handler: JobHandler<unknown>;
  options: typeof DEFAULTS;
  wake?: AbortController;
  loop?: Promise<void>;
}

interface FetchedJob {
  id: string;
  name: string;
  data: unknown;
  expireInSeconds: number | string;
  retryCount: number;
  retryLimit: number;
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { database, log } = options;
  const schema = options.schema ?? 'pgboss';
  const pollingIntervalMs = Math.max(options.pollingIntervalMs ?? 1000, 50);
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;

  /** Statements under way, so stop() can let them finish before the database closes. */
  const pendingSql = new Set<Promise<unknown>>();
  function executeSql(text: string, values?: unknown[]): Promise<SqlResult> {
    const pending = database.executeSql(text, values);
    pendingSql.add(pending);
    void pending.finally(() => pendingSql.delete(pending)).catch(() => {});
    return pending;
  }
  const db: PgBoss.Db = { executeSql };

  const boss = new PgBoss({
    db,
    schema,
    // No cron schedules yet; enabling them adds a timekeeper poll (see the decision record).
    schedule: false,
    supervise: true,
    migrate: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
    // Completed jobs stay a day (the singletonKey window), dead letters 90 days; the archive keeps
    // both 7 days more before deleting them.
    archiveCompletedAfterSeconds: DAY_SECONDS,
    archiveFailedAfterSeconds: 90 * DAY_SECONDS,
    deleteAfterDays: 7,
  });
  boss.on('error', (error: Error) => log.error({ err: error }, 'job queue maintenance failed'));

  const registrations = new Map<string, Registration>();
  /** Jobs whose handler is running, by id; stop() fails the ones that outlive its timeout. */
  const running = new Map<string, string>();
  /** Jobs given up by stop(): their handlers may still finish, but must not touch the database. */
  const abandoned = new Set<string>();
  let state: 'new' | 'starting' | 'started' | 'stopping' | 'stopped' = 'new';

  /**
   * Creates pg-boss's schema when it is missing. pg-boss does the same under an advisory lock, but
   * when several processes start on a new database, the ones that waited for the lock still fail:
   * their transaction began before the schema existed, so CREATE SCHEMA IF NOT EXISTS misses it
   * and hits a duplicate key (PostgreSQL's catalog caches are not refreshed by advisory locks). A
   * process that loses that race here finds the schema installed on a fresh look and carries on.
   */
  async function install() {
    if (await boss.isInstalled()) return;
    try {
      await executeSql(PgBoss.getConstructionPlans(schema));
    } catch (error) {
      if (!(await boss.isInstalled())) throw error;
    }
  }

  /**
   * Creates the queue if needed and applies today's options to it, in one transaction under an
   * advisory lock: pg-boss's createQueue, run by several processes at once for a new queue,
   * deadlocks in PostgreSQL (one adds a foreign key to the queue table while another waits on it).
   * The text carries its values inline because a script of several statements takes no parameters;
   * queue names are checked by work() and the options are numbers and booleans.
   */
  async function setUpQueue(registration: Registration) {
    const { name } = registration;
    const { retryLimit, retryDelaySeconds, retryBackoff, expireInSeconds } = registration.options;
    const queueOptions = JSON.stringify({ retryLimit, retryDelay: retryDelaySeconds, retryBackoff, expireInSeconds });
    await executeSql(`
      BEGIN;
      SELECT pg_advisory_xact_lock(hashtext(current_database() || '.${schema}.queues'));
      SELECT ${schema}.create_queue('${name}', '${queueOptions}'::json);
      UPDATE ${schema}.queue
      SET retry_limit = ${retryLimit}, retry_delay = ${retryDelaySeconds}, retry_backoff = ${retryBackoff},
          expire_seconds = ${expireInSeconds}, updated_on = now()
      WHERE name = '${name}';
      COMMIT;
    `);
  }

  function startWorker(registration: Registration) {
    registration.loop = runWorker(registration).catch((error: unknown) =>
      log.error({ err: error, queue: registration.name }, 'job worker stopped unexpectedly'),
    );
  }

  async function runWorker(registration: Registration) {
    while (state === 'started') {
      // pg-boss's fetch answers [] when the query fails (it logs nothing); the poll simply retries.
      const jobs = (await boss.fetch(registration.name, {
        batchSize: registration.options.batchSize,
        includeMetadata: true,
      })) as unknown as FetchedJob[];
      if (jobs.length > 0) {
        await Promise.all(jobs.map((job) => runJob(registration, job)));
        continue;
      }
      if (state !== 'started') break;
      registration.wake = new AbortController();
      await sleep(pollingIntervalMs, undefined, { signal: registration.wake.signal }).catch(() => {});
      registration.wake = undefined;
    }
  }

  async function runJob(registration: Registration, job: FetchedJob) {
    const { name } = registration;
    const attempt = Number(job.retryCount) + 1;
    running.set(job.id, name);
    let failure: unknown;
    try {
      await withTimeout(
        registration.handler(job.data, { id: job.id, name, attempt }),
        Number(job.expireInSeconds) * 1000,
      );
    } catch (error) {
      failure = error ?? new Error('job failed');
    }
    running.delete(job.id);
    if (abandoned.delete(job.id)) return;
    try {
      if (failure === undefined) {
        await boss.complete(name, job.id);
      } else {
        const last = attempt > Number(job.retryLimit);
        log.warn(
          { err: failure, queue: name, jobId: job.id, attempt },
          last ? 'job failed for the last time: it is now a dead letter' : 'job failed; it will be retried',
        );
        await boss.fail(name, job.id, toErrorObject(failure));
      }
    } catch (error) {
      // The job stays active and is retried once it expires.
      log.error({ err: error, queue: name, jobId: job.id }, 'could not record the outcome of a job');
    }
  }

  function wakeWorkers() {
    for (const registration of registrations.values()) registration.wake?.abort();
  }

  return {
    async start() {
      if (state !== 'new') throw new Error(`the job queue cannot start: it is ${state}`);
      state = 'starting';
      await install();
      await boss.start();
      for (const registration of registrations.values()) await setUpQueue(registration);
      // stop() may have been called meanwhile: then only the maintenance timer needs stopping.
      if ((state as typeof state) !== 'starting') return void (await boss.stop({ graceful: false, close: false }));
      state = 'started';
      for (const registration of registrations.values()) startWorker(registration);
      log.info({ schema, queues: [...registrations.keys()] }, 'job queue started');
    },

    async stop({ timeoutMs = stopTimeoutMs } = {}) {
      if (state === 'stopping' || state === 'stopped') return;
      const wasStarted = state === 'started';
      state = 'stopping';
      wakeWorkers();
      if (wasStarted) {
        const loops = Promise.all([...registrations.values()].map((registration) => registration.loop));
        const timer = new AbortController();
        await Promise.race([loops, sleep(timeoutMs, undefined, { signal: timer.signal }).catch(() => {})]);
        timer.abort();
        const leftovers = [...running];
        running.clear();
        for (const [id] of leftovers) abandoned.add(id);
        for (const [id, name] of leftovers) {
          log.warn({ queue: name, jobId: id }, 'job still running at shutdown: failed so that it is retried');
          await boss
            .fail(name, id, { message: 'the worker stopped while the job was running' })
            .catch((error: Error) =>
              log.error({ err: error, queue: name, jobId: id }, 'could not fail a job at shutdown'),
            );
        }
        await boss.stop({ graceful: false, close: false });
      }
      await Promise.allSettled([...pendingSql]);
      state = 'stopped';
    },

    async work(name, handler, workOptions = {}) {
      if (!QUEUE_NAME.test(name)) throw new Error(`invalid job queue name "${name}": use letters, digits, _ . -`);
      if (registrations.has(name)) throw new Error(`job queue "${name}" already has a worker`);
      if (state === 'stopping' || state === 'stopped') throw new Error('the job queue is stopped');
      const registration: Registration = {
        name,
        handler: handler as JobHandler<unknown>,
        options: validWorkOptions(name, { ...DEFAULTS, ...definedOnly(workOptions) }),
      };
      registrations.set(name, registration);
      if (state === 'started' || state === 'starting') {
        await setUpQueue(registration);
        if (state === 'started') startWorker(registration);
      }
    },

    async send(name, data, sendOptions = {}) {
      if (!registrations.has(name)) {
        // pg-boss would silently drop a job for a queue that does not exist.
        throw new Error(`job queue "${name}" is not registered: call work("${name}", …) first`);
      }
      if (state === 'new' || state === 'starting') throw new Error('the job queue has not started');
      const { tx, startAfter, singletonKey } = sendOptions;
      const id = await boss.send(name, JSON.stringify(data) as unknown as object, {
        ...(startAfter ? { startAfter } : {}),
        ...(singletonKey !== undefined ? { singletonKey, id: keyedJobId(name, singletonKey) } : {}),
        ...(tx ? { db: transactionDb(tx) } : {}),
      });
      // Without a transaction the job is committed already: the local worker need not wait for its poll.
      if (!tx && id && !startAfter) registrations.get(name)?.wake?.abort();
      return id;
    },

    async deadLetters(name) {
      const columns = `id, name, data, output, completed_on AS "failedAt", retry_count AS "retryCount"`;
      const where = `state = 'failed'${name === undefined ? '' : ' AND name = $1'}`;
      const { rows } = await executeSql(
        `SELECT ${columns} FROM ${schema}.job WHERE ${where}
         UNION ALL SELECT ${columns} FROM ${schema}.archive WHERE ${where}
         ORDER BY "failedAt" DESC, id`,
        name === undefined ? undefined : [name],
      );
      return (rows as Array<Record<string, unknown>>).map((row) => ({
        id: String(row.id),
        name: String(row.name),
        data: row.data,
        error: errorMessage(row.output),
        failedAt: row.failedAt instanceof Date ? row.failedAt : new Date(String(row.failedAt)),
        attempts: Number(row.retryCount) + 1,
      }));
    },

    async retryDeadLetter(name, id) {
      const result = (await boss.retry(name, id)) as unknown as { affected: number };
      if (result.affected > 0) registrations.get(name)?.wake?.abort();
      return result.affected > 0;
    },

    async counts(name) {
      const { rows } = await executeSql(
        `SELECT state::text AS state, count(*)::int AS n FROM ${schema}.job WHERE name = $1 GROUP BY state`,
        [name],
      );
      return Object.fromEntries(rows.map((row) => [String(row.state), Number(row.n)]));
    },

    async drain({ names = [...registrations.keys()], timeoutMs = 30_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { rows } = await executeSql(
          `SELECT count(*)::int AS n FROM ${schema}.job
           WHERE name = ANY($1::text[])
             AND (state IN ('active', 'retry') OR (state = 'created' AND start_after <= now()))`,
          [names],
        );
        if (Number(rows[0]?.n) === 0) return;
        if (Date.now() > deadline) throw new Error(`jobs still pending after ${timeoutMs} ms in ${names.join(', ')}`);
        await sleep(50);
      }
    },
  };
}

/**
 * pg-boss's insert statement run through a Drizzle transaction: the text is split at its $n
 * placeholders and rebuilt as a Drizzle `sql` object with those values as parameters. Only meant for
 * pg-boss's own statements, which contain no `$` inside literals or function bodies.
 */
function transactionDb(tx: Executor): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const result = (await tx.execute(withParameters(text, values))) as unknown as SqlResult;
      return { rows: result.rows };
    },
  };
}

function withParameters(text: string, values: unknown[]): SQL {
  const chunks: SQL[] = [];
  let start = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    const index = Number(match[1]) - 1;
    if (index < 0 || index >= values.length) throw new Error(`no value for placeholder ${match[0]}`);
    chunks.push(sql.raw(text.slice(start, match.index)), sql`${sql.param(values[index] ?? null)}`);
    start = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(start)));
  return sql.join(chunks);
}

/** The same queue and key always give the same job id, so pg-boss's insert skips the repeat. */
function keyedJobId(name: string, key: string): string {
  const hex = createHash('sha256').update(`${name}\u0000${key}`).digest('hex');
  // Shaped as an RFC 9562 version-8 (custom) UUID.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

async function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  const timer = new AbortController();
  try {
    await Promise.race([
      promise,
      sleep(ms, undefined, { signal: timer.signal }).then(() => {
        throw new Error(`the job ran longer than its ${ms / 1000} s limit`);
      }),
    ]);
  } finally {
    timer.abort();
  }
}

/** What pg-boss stores as the job's output; its serializer keeps an Error's name, message and stack. */
function toErrorObject(error: unknown): object {
  if (error instanceof Error) return error;
  return { message: typeof error === 'string' ? error : JSON.stringify(error) };
}

function errorMessage(output: unknown): string {
  if (output && typeof output === 'object') {
    const record = output as { message?: unknown; value?: unknown };
    if (typeof record.message === 'string') return record.message;
    // pg-boss wraps non-object failures (and its own expiry message) in { value }.
    if (typeof record.value === 'string') return record.value;
    if (record.value && typeof record.value === 'object') return errorMessage(record.value);
  }
  return output === null || output === undefined ? 'unknown error' : JSON.stringify(output);
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function validWorkOptions(name: string, options: typeof DEFAULTS): typeof DEFAULTS {
  const wholeAtLeast = (value: number, min: number) => Number.isInteger(value) && value >= min;
  const problems = [
    !wholeAtLeast(options.retryLimit, 0) && 'retryLimit must be a whole number ≥ 0',
    !wholeAtLeast(options.retryDelaySeconds, options.retryBackoff ? 1 : 0) &&
      `retryDelaySeconds must be a whole number ≥ ${options.retryBackoff ? 1 : 0}`,
    !(wholeAtLeast(options.expireInSeconds, 1) && options.expireInSeconds < DAY_SECONDS) &&
      'expireInSeconds must be a whole number of seconds under a day',
    !wholeAtLeast(options.batchSize, 1) && 'batchSize must be a whole number ≥ 1',
  ].filter(Boolean);
  if (problems.length > 0) throw new Error(`job queue "${name}": ${problems.join('; ')}`);
  return options;
}
