import type { Executor } from '../../db/client.ts';
import type { Recurring } from '../../lib/jobs/recurring.ts';
import { analyticsRepository, COUNTED_TABLES, type CountedTable } from './analytics.repository.ts';

/** The job that recounts the record tables for GET analytics/records/ (decision 015). */
export const ANALYTICS_ROLLUP_QUEUE = 'analytics.refresh-counters';

/** How often the rollup runs; rows deleted since the last run are still counted until the next. */
export const ANALYTICS_ROLLUP_INTERVAL_MS = 10 * 60_000;

export async function refreshAnalyticsCounters(db: Executor): Promise<void> {
  const repository = analyticsRepository(db);
  for (const table of Object.keys(COUNTED_TABLES) as CountedTable[]) await repository.refreshCounter(table);
}

/** The rollup, every 10 minutes on one of the servers. */
export function analyticsRollup(db: Executor): Recurring {
  return {
    queue: ANALYTICS_ROLLUP_QUEUE,
    intervalMs: ANALYTICS_ROLLUP_INTERVAL_MS,
    run: () => refreshAnalyticsCounters(db),
    // A recount of 10 million rows takes seconds; a failed one is simply tried again.
    options: { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 600 },
  };
}
