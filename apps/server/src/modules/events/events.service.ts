import type { ProductEvent } from '@vocagarden/contract';
import type { Executor } from '../../db/client.ts';
import { productEvents } from '../../db/schema.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import { limits } from '../../lib/rate-limit.ts';
import type { Services } from '../../services.ts';

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
 * Every call is rate-limited first: anonymous ones per IP, signed-in ones per user and per IP.
 */
export function eventsService({ jobs, now, limiter }: Pick<Services, 'jobs' | 'now' | 'limiter'>) {
  return {
    /** Counts one call against its limits; a 429 (with Retry-After) once a limit is used up. */
    async admit(ip: string, userId: number | null): Promise<void> {
      if (userId === null) {
        await limiter.consume(limits.eventsPerAnonymousIp, ip);
        return;
      }
      // The learner's own limit first, so one account's flood does not use up its classmates' IP.
      await limiter.consume(limits.eventsPerUser, String(userId));
      await limiter.consume(limits.eventsPerSignedInIp, ip);
    },

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
