import type { Executor } from '../../db/client.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import { analyticsRepository, COUNTED_TABLES, type CountedTable } from './analytics.repository.ts';

/** The job that recounts the record tables for GET analytics/records/ (decision 015). */
export const ANALYTICS_ROLLUP_QUEUE = 'analytics.refresh-counters';

/** How often the rollup runs; rows deleted since the last run are still counted until the next. */
export const ANALYTICS_ROLLUP_INTERVAL_MS = 10 * 60_000;

/** The interval a time falls in: one job per interval, whichever process sends it (singletonKey). */
const slotOf = (at: number) => Math.floor(at / ANALYTICS_ROLLUP_INTERVAL_MS);

export async function refreshAnalyticsCounters(db: Executor): Promise<void> {
  const repository = analyticsRepository(db);
  for (const table of Object.keys(COUNTED_TABLES) as CountedTable[]) await repository.refreshCounter(table);
}

/**
 * Registers the rollup and keeps it going without cron (decision 007 has none yet): each run
 * queues the next one at the start of the next 10-minute interval, keyed by that interval so that
 * several processes queue it once; `ensureAnalyticsRollup` (at every start) restarts the chain if
 * it ever broke (a run that failed for good).
 */
export async function workAnalyticsRollups(jobs: JobQueue, db: Executor): Promise<void> {
  await jobs.work(
    ANALYTICS_ROLLUP_QUEUE,
    async () => {
      await refreshAnalyticsCounters(db);
      const next = slotOf(Date.now()) + 1;
      await jobs.send(
        ANALYTICS_ROLLUP_QUEUE,
        {},
        { startAfter: new Date(next * ANALYTICS_ROLLUP_INTERVAL_MS), singletonKey: `slot-${next}` },
      );
    },
    // A recount of 10 million rows takes seconds; a failed one is simply tried again.
    { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 600 },
  );
}

/** Queues this interval's rollup unless one already is. Called once the queue has started. */
export async function ensureAnalyticsRollup(jobs: JobQueue): Promise<void> {
  await jobs.send(ANALYTICS_ROLLUP_QUEUE, {}, { singletonKey: `slot-${slotOf(Date.now())}` });
}
