import type { JobQueue, WorkOptions } from './job-queue.ts';

/**
 * Work that runs once per interval, on whichever process takes it, without cron (decision 007):
 * each run queues the next one at the start of the next interval, keyed by that interval
 * (`singletonKey`) so that several processes queue it once; `ensureRecurring`, called at every
 * start, queues the current interval's run, which restarts the chain if a run ever failed for good.
 */
export interface Recurring {
  queue: string;
  intervalMs: number;
  run(): Promise<void>;
  options?: WorkOptions;
}

/** The interval a time falls in. */
const slotOf = (at: number, intervalMs: number) => Math.floor(at / intervalMs);

export async function workRecurring(jobs: JobQueue, { queue, intervalMs, run, options }: Recurring): Promise<void> {
  await jobs.work(
    queue,
    async () => {
      await run();
      const next = slotOf(Date.now(), intervalMs) + 1;
      await jobs.send(queue, {}, { startAfter: new Date(next * intervalMs), singletonKey: `slot-${next}` });
    },
    options,
  );
}

/** Queues this interval's run unless one already is. Call once the queue has started. */
export async function ensureRecurring(jobs: JobQueue, { queue, intervalMs }: Pick<Recurring, 'queue' | 'intervalMs'>) {
  await jobs.send(queue, {}, { singletonKey: `slot-${slotOf(Date.now(), intervalMs)}` });
}
