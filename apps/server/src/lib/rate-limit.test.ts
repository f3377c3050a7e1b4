import { describe, expect, it } from 'vitest';
import { memoryCounterStore, rateLimiter, redisCounterStore, type CounterStore } from './rate-limit.ts';

const limit = { name: 'test', max: 3, windowMs: 60_000 };

async function exerciseStore(store: CounterStore, subject: string) {
  const limiter = rateLimiter(store);
  for (let attempt = 0; attempt < 3; attempt += 1) await limiter.consume(limit, subject);
  await expect(limiter.consume(limit, subject)).rejects.toMatchObject({ statusCode: 429, code: 'throttled' });
  await limiter.reset(limit, subject);
  await expect(limiter.consume(limit, subject)).resolves.toBeUndefined();
}

describe('rate limiter', () => {
  it('counts in memory within a window and forgets after it', async () => {
    let now = 0;
    const store = memoryCounterStore(() => new Date(now));
    await exerciseStore(store, 'a');
    const limiter = rateLimiter(store);
    for (let attempt = 0; attempt < 3; attempt += 1) await limiter.recordFailure(limit, 'b');
    await expect(limiter.check(limit, 'b')).rejects.toMatchObject({ statusCode: 429 });
    now += 60_001;
    await expect(limiter.check(limit, 'b')).resolves.toBeUndefined();
  });

  it.runIf(process.env.REDIS_URL)('shares counters through Redis between instances', async () => {
    const first = redisCounterStore(process.env.REDIS_URL!);
    const second = redisCounterStore(process.env.REDIS_URL!);
    const subject = `shared-${process.pid}-${Date.now()}`;
    try {
      await exerciseStore(first, subject);
      const limiter = rateLimiter(second);
      await rateLimiter(first).consume(limit, `${subject}-x`);
      await rateLimiter(first).consume(limit, `${subject}-x`);
      await limiter.consume(limit, `${subject}-x`);
      await expect(limiter.consume(limit, `${subject}-x`)).rejects.toMatchObject({ statusCode: 429 });
    } finally {
      await first.close();
      await second.close();
    }
  });
});
