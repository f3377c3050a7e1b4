import { describe, expect, it } from 'vitest';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import { limits, memoryCounterStore, rateLimiter } from '../../lib/rate-limit.ts';
import { eventsService } from './events.service.ts';

const unusedQueue = {} as JobQueue;

describe('event limits', () => {
  it('holds all the signed-in learners behind one IP to 3,000 events a minute together', async () => {
    const events = eventsService({
      jobs: unusedQueue,
      now: () => new Date(),
      limiter: rateLimiter(memoryCounterStore()),
    });
    const ip = '192.0.2.80';
    // Eleven accounts at 280 each stay under their own limit (300) but not under the IP's.
    for (let userId = 1; userId <= 11; userId += 1) {
      for (let event = 0; event < 280; event += 1) {
        const index = (userId - 1) * 280 + event;
        if (index < limits.eventsPerSignedInIp.max) await events.admit(ip, userId);
        else await expect(events.admit(ip, userId)).rejects.toMatchObject({ statusCode: 429, code: 'throttled' });
      }
    }
    // A learner elsewhere is not affected.
    await expect(events.admit('192.0.2.81', 12)).resolves.toBeUndefined();
  });

  it('does not let one learner use up the IP that classmates share', async () => {
    const events = eventsService({
      jobs: unusedQueue,
      now: () => new Date(),
      limiter: rateLimiter(memoryCounterStore()),
    });
    const ip = '192.0.2.90';
    for (let event = 0; event < 5000; event += 1) await events.admit(ip, 1).catch(() => undefined);
    await expect(events.admit(ip, 1)).rejects.toMatchObject({ statusCode: 429 });
    await expect(events.admit(ip, 2)).resolves.toBeUndefined();
  });
});
