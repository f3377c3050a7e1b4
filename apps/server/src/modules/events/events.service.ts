import type { ProductEvent } from '@vocagarden/contract';
import type { Executor } from '../../db/client.ts';
import { productEvents } from '../../db/schema.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';

const EVENTS_QUEUE = 'events.record';

interface EventRow {
  event: ProductEvent;
  payload: Record<string, unknown>;
  userId: number | null;
  /** When it happened, not when the worker got to it. */
  at: string;
}

/**
 * Product events are accepted into the durable queue before the answer (so a crash loses none)
 * and written to product_events by a worker, so a slow table never holds up the page.
 */
export function eventsService(jobs: JobQueue, now: () => Date) {
  return {
    async record(event: ProductEvent, payload: Record<string, unknown>, userId: number | null): Promise<void> {
      const row: EventRow = { event, payload, userId, at: now().toISOString() };
      await jobs.send(EVENTS_QUEUE, row);
    },
  };
}

export function workEvents(jobs: JobQueue, db: Executor) {
  return jobs.work<EventRow>(EVENTS_QUEUE, async ({ event, payload, userId, at }) => {
    await db.insert(productEvents).values({ event, payload, userId, createdAt: new Date(at) });
  });
}
