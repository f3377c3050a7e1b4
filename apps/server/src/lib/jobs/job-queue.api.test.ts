import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { testDatabase } from '../../../test/test-app.ts';
import { createJobQueue, type JobQueue, type JobQueueOptions } from './job-queue.ts';

/** Every test gets its own pg-boss schema, so their jobs and maintenance never meet. */
const schemas: string[] = [];
const queues: JobQueue[] = [];
const extraHandles: DatabaseHandle[] = [];

afterEach(async () => {
  for (const queue of queues.splice(0)) await queue.stop({ timeoutMs: 1000 });
  const database = await testDatabase();
  for (const schema of schemas.splice(0)) await database.executeSql(`DROP SCHEMA ${schema} CASCADE`);
  for (const handle of extraHandles.splice(0)) await handle.close();
});

const quietLog = { info() {}, warn() {}, error() {} };

function freshSchema(): string {
  const schema = `jobs_test_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  schemas.push(schema);
  return schema;
}

async function newQueue(options: Partial<JobQueueOptions> = {}): Promise<JobQueue> {
  const queue = createJobQueue({
    database: await testDatabase(),
    log: quietLog,
    schema: options.schema ?? freshSchema(),
    pollingIntervalMs: 100,
    ...options,
  });
  queues.push(queue);
  return queue;
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('job queue', () => {
  it('runs a job sent in a committed transaction and never one from a rolled-back transaction', async () => {
    const { db } = await testDatabase();
    const queue = await newQueue();
    const seen: string[] = [];
    await queue.work<{ label: string }>('welcome', async ({ label }) => void seen.push(label));
    await queue.start();

    await db.transaction(async (tx) => {
      await queue.send('welcome', { label: 'committed' }, { tx });
    });
    await expect(
      db.transaction(async (tx) => {
        await queue.send('welcome', { label: 'rolled back' }, { tx });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await queue.send('welcome', { label: 'outside' });

    await queue.drain();
    expect(seen.sort()).toEqual(['committed', 'outside']);
  });

  it('round-trips JSON payloads, with and without a transaction', async () => {
    const { db } = await testDatabase();
    const queue = await newQueue();
    const received: unknown[] = [];
    await queue.work('payload', async (data) => void received.push(data));
    await queue.start();

    const payload = {
      text: 'ə ğ ı İ ş — "quoted" \\ back\nslash',
      nested: { list: [1, 2.5, -3, { deep: [true, false, null] }], empty: {}, none: [] },
      emoji: '🌱',
      dollars: '$1 $2 $$',
    };
    await queue.send('payload', payload);
    await db.transaction((tx) => queue.send('payload', { ...payload, via: 'tx' }, { tx }));
    await queue.drain();

    expect(received).toHaveLength(2);
    expect(received).toContainEqual(payload);
    expect(received).toContainEqual({ ...payload, via: 'tx' });
  });

  it('retries a failing handler with exponential backoff', async () => {
    const queue = await newQueue();
    const attempts: Array<{ attempt: number; at: number }> = [];
    await queue.work(
      'flaky',
      async (_data, job) => {
        attempts.push({ attempt: job.attempt, at: Date.now() });
        if (attempts.length < 3) throw new Error(`failure ${attempts.length}`);
      },
      { retryLimit: 2, retryDelaySeconds: 1 },
    );
    await queue.start();

    await queue.send('flaky', { n: 1 });
    await queue.drain();

    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    // With a 1 s delay the first retry waits 1–2 s and the second 2–4 s.
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(950);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(1950);
    expect(await queue.deadLetters()).toEqual([]);
  });

  it('keeps a job that always fails as a dead letter with its last error, and can retry it', async () => {
    const queue = await newQueue();
    let calls = 0;
    let healthy = false;
    await queue.work(
      'doomed',
      async () => {
        calls += 1;
        if (!healthy) throw new Error(`SMTP said no (${calls})`);
      },
      { retryLimit: 2, retryDelaySeconds: 0, retryBackoff: false },
    );
    await queue.start();

    const id = await queue.send('doomed', { to: 'ayşe@example.com' });
    await queue.drain();

    expect(calls).toBe(3);
    const dead = await queue.deadLetters();
    expect(dead).toEqual([
      {
        id,
        name: 'doomed',
        data: { to: 'ayşe@example.com' },
        error: 'SMTP said no (3)',
        failedAt: expect.any(Date),
        attempts: 3,
      },
    ]);
    expect(await queue.deadLetters('doomed')).toHaveLength(1);
    expect(await queue.deadLetters('other')).toEqual([]);

    healthy = true;
    expect(await queue.retryDeadLetter('doomed', id!)).toBe(true);
    await queue.drain();
    expect(calls).toBe(4);
    expect(await queue.deadLetters()).toEqual([]);
  });

  it('waits for a running job when stopping', async () => {
    const { executeSql } = await testDatabase();
    const schema = freshSchema();
    const queue = await newQueue({ schema });
    const started = deferred();
    let finished = false;
    await queue.work('slow', async () => {
      started.resolve();
      await sleep(600);
      finished = true;
    });
    await queue.start();

    const id = await queue.send('slow', {});
    await started.promise;
    await queue.stop();

    expect(finished).toBe(true);
    const { rows } = await executeSql(`SELECT state FROM ${schema}.job WHERE id = $1`, [id]);
    expect(rows).toEqual([{ state: 'completed' }]);
  });

  it('fails a job still running when the stop timeout passes, so that it is retried', async () => {
    const { executeSql } = await testDatabase();
    const schema = freshSchema();
    const queue = await newQueue({ schema });
    const started = deferred();
    const release = deferred();
    await queue.work('stuck', async () => {
      started.resolve();
      await release.promise;
    });
    await queue.start();

    const id = await queue.send('stuck', {});
    await started.promise;
    await queue.stop({ timeoutMs: 200 });
    release.resolve();
    await sleep(50);

    const { rows } = await executeSql(`SELECT state, output->>'message' AS error FROM ${schema}.job WHERE id = $1`, [
      id,
    ]);
    expect(rows).toEqual([{ state: 'retry', error: 'the worker stopped while the job was running' }]);
  });

  it('picks up a job left active by a crashed process once it expires', async () => {
    const { executeSql } = await testDatabase();
    const schema = freshSchema();
    const queue = await newQueue({ schema, maintenanceIntervalSeconds: 1 });
    const attempts: number[] = [];
    await queue.work('orphan', async (_data, job) => void attempts.push(job.attempt), {
      retryDelaySeconds: 0,
      retryBackoff: false,
      expireInSeconds: 60,
    });
    await queue.start();

    // A job some other process fetched and then died with: active, started long ago.
    const id = await queue.send('orphan', { x: 1 }, { startAfter: new Date(Date.now() + 3_600_000) });
    await executeSql(
      `UPDATE ${schema}.job SET state = 'active', started_on = now() - interval '2 minutes', start_after = now() - interval '2 minutes' WHERE id = $1`,
      [id],
    );
    await queue.drain({ timeoutMs: 10_000 });

    expect(attempts).toEqual([2]);
  });

  it('lets several instances start at once on a new schema and runs each job once', async () => {
    const schema = freshSchema();
    const databaseUrl = inject('databaseUrl');
    // On PostgreSQL the second instance has its own pool, like a second server process.
    const second = databaseUrl ? await openDatabase({ databaseUrl }) : await testDatabase();
    if (databaseUrl) extraHandles.push(second);
    const runs: Array<{ instance: string; n: number }> = [];
    const instances = await Promise.all(
      ['a', 'b', 'c'].map(async (instance, index) => {
        const queue = await newQueue({ schema, ...(index === 1 ? { database: second } : {}) });
        await queue.work<{ n: number }>('shared', async ({ n }) => void runs.push({ instance, n }), { batchSize: 3 });
        return queue;
      }),
    );
    await Promise.all(instances.map((queue) => queue.start()));

    for (let n = 0; n < 30; n += 1) await instances[n % 3]!.send('shared', { n });
    await instances[0]!.drain();

    expect(runs.map((run) => run.n).sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, n) => n));

    // A restart on an existing schema is an ordinary start.
    for (const queue of instances) await queue.stop();
    const restarted = await newQueue({ schema });
    await restarted.work<{ n: number }>('shared', async ({ n }) => void runs.push({ instance: 'restarted', n }));
    await restarted.start();
    await restarted.send('shared', { n: 30 });
    await restarted.drain();
    expect(runs.at(-1)).toEqual({ instance: 'restarted', n: 30 });
  });

  it('ignores a second send with the same singletonKey', async () => {
    const queue = await newQueue();
    const seen: number[] = [];
    await queue.work<{ n: number }>('reminder', async ({ n }) => void seen.push(n));
    await queue.start();

    const first = await queue.send('reminder', { n: 1 }, { singletonKey: 'user-7:2026-05-01' });
    const second = await queue.send('reminder', { n: 2 }, { singletonKey: 'user-7:2026-05-01' });
    const other = await queue.send('reminder', { n: 3 }, { singletonKey: 'user-8:2026-05-01' });
    await queue.drain();

    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
    expect(other).not.toBe(first);
    expect(seen.sort()).toEqual([1, 3]);
  });

  it('refuses to send to a queue nobody works, rather than dropping the job', async () => {
    const queue = await newQueue();
    await queue.start();
    await expect(queue.send('nobody', {})).rejects.toThrow('not registered');
  });
});
