import { RateLimiterMemory } from 'rate-limiter-flexible';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  counterKey,
  limits,
  memoryCounterStore,
  rateLimiter,
  redisCounterStore,
  ThrottledError,
  type CounterStore,
  type Limit,
} from './rate-limit.ts';

const limit: Limit = { name: 'test', per: 'account', max: 3, windowMs: 60_000 };
const throttled = (retryAfterSeconds: number) =>
  expect.objectContaining({ statusCode: 429, code: 'throttled', retryAfterSeconds });

/**
 * The behaviour every store must have: a fixed window from the first attempt, a 429 that says
 * when the window ends, checks that do not count, and resets. `pass` moves time forward.
 */
async function exerciseStore(store: CounterStore, subject: string, pass: (ms: number) => Promise<void>) {
  const limiter = rateLimiter(store);
  for (let attempt = 0; attempt < 3; attempt += 1) await limiter.consume(limit, subject);
  await expect(limiter.consume(limit, subject)).rejects.toEqual(throttled(60));
  await limiter.reset(limit, subject);
  await expect(limiter.consume(limit, subject)).resolves.toBeUndefined();

  const failing = `${subject}-failures`;
  await limiter.check(limit, failing);
  for (let attempt = 0; attempt < 3; attempt += 1) await limiter.recordFailure(limit, failing);
  await pass(20_000);
  const refusal = await limiter.check(limit, failing).catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(ThrottledError);
  expect((refusal as ThrottledError).retryAfterSeconds).toBeGreaterThanOrEqual(39);
  expect((refusal as ThrottledError).retryAfterSeconds).toBeLessThanOrEqual(40);
  await pass(40_001);
  await expect(limiter.check(limit, failing)).resolves.toBeUndefined();
  await expect(limiter.consume(limit, failing)).resolves.toBeUndefined();
}

afterEach(() => {
  vi.useRealTimers();
});

describe('rate limiter', () => {
  it('counts in memory on an injected clock (tests, DEV_TOOLS), and forgets after the window', async () => {
    let now = 0;
    await exerciseStore(
      memoryCounterStore(() => new Date(now)),
      'a',
      async (ms) => void (now += ms),
    );
  });

  it('counts in memory with rate-limiter-flexible (on the real clock)', async () => {
    vi.useFakeTimers();
    await exerciseStore(memoryCounterStore(), 'a', async (ms) => void vi.advanceTimersByTime(ms));
  });

  it('drops each memory key when its window ends, so rotating subjects cannot grow memory', async () => {
    const brief: Limit = { name: 'test:brief', per: 'account', max: 1, windowMs: 1000 };
    const store = memoryCounterStore();
    const limiter = rateLimiter(store);
    for (let subject = 0; subject < 10_000; subject += 1) await limiter.recordFailure(brief, `guess-${subject}@x.test`);
    const counter = store.counter(brief);
    expect(counter).toBeInstanceOf(RateLimiterMemory);
    expect((counter as RateLimiterMemory).dump().storage.length).toBe(10_000);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((counter as RateLimiterMemory).dump().storage).toEqual([]);
  });

  it('counts the addresses of one IPv6 /64 together, and IPv4-mapped addresses as IPv4', async () => {
    const perIp: Limit = { name: 'test:ip', per: 'ip', max: 2, windowMs: 60_000 };
    expect(counterKey(perIp, '2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(counterKey(perIp, '2001:DB8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(counterKey(perIp, '2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(counterKey(perIp, '::1')).toBe('0:0:0:0::/64');
    expect(counterKey(perIp, 'fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(counterKey(perIp, '::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(counterKey(perIp, '192.0.2.7')).toBe('192.0.2.7');
    expect(counterKey(limit, 'Learner@Example.COM')).toBe('learner@example.com');
    // Not an IP limit: the subject is kept as it is (lower-cased).
    expect(counterKey(limit, '2001:db8::1')).toBe('2001:db8::1');

    const limiter = rateLimiter(memoryCounterStore());
    await limiter.consume(perIp, '2001:db8:1:2::a');
    await limiter.consume(perIp, '2001:db8:1:2::b');
    await expect(limiter.consume(perIp, '2001:db8:1:2::c')).rejects.toMatchObject({ statusCode: 429 });
    await expect(limiter.consume(perIp, '2001:db8:1:3::a')).resolves.toBeUndefined();
  });

  it('has one uniquely named limit per counter, with windows in whole seconds', () => {
    const table: Limit[] = Object.values(limits);
    expect(new Set(table.map((entry) => entry.name)).size).toBe(table.length);
    for (const entry of table) expect(entry.windowMs % 1000).toBe(0);
  });

  it('keeps limiting in memory while Redis is unreachable', async () => {
    const warnings: unknown[] = [];
    // Nothing listens on port 1: every command fails, and the insurance limiter answers instead.
    const store = redisCounterStore('redis://127.0.0.1:1', { warn: (details) => warnings.push(details) });
    try {
      const limiter = rateLimiter(store);
      for (let attempt = 0; attempt < 3; attempt += 1) await limiter.consume(limit, 'offline');
      await expect(limiter.consume(limit, 'offline')).rejects.toEqual(throttled(60));
      await expect.poll(() => warnings.length).toBeGreaterThan(0);
    } finally {
      await store.close();
    }
  });

  it.runIf(process.env.REDIS_URL)('shares counters through Redis between instances', async () => {
    const first = redisCounterStore(process.env.REDIS_URL!);
    const second = redisCounterStore(process.env.REDIS_URL!);
    await Promise.all([first.ready(), second.ready()]);
    const subject = `shared-${process.pid}-${Date.now()}`;
    try {
      const limiter = rateLimiter(second);
      await rateLimiter(first).consume(limit, subject);
      await rateLimiter(first).consume(limit, subject);
      await limiter.consume(limit, subject);
      await expect(limiter.consume(limit, subject)).rejects.toEqual(throttled(60));
      await expect(rateLimiter(first).check(limit, subject)).rejects.toMatchObject({ statusCode: 429 });
      await rateLimiter(first).reset(limit, subject);
      await expect(limiter.consume(limit, subject)).resolves.toBeUndefined();

      // Windows end in Redis too (a one-second window, waited out for real).
      const brief: Limit = { name: 'test:brief', per: 'account', max: 1, windowMs: 1000 };
      await limiter.consume(brief, subject);
      await expect(rateLimiter(first).consume(brief, subject)).rejects.toEqual(throttled(1));
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await expect(rateLimiter(first).consume(brief, subject)).resolves.toBeUndefined();
    } finally {
      // The Redis is shared: leave no counters behind.
      await rateLimiter(first).reset(limit, subject);
      await rateLimiter(first).reset({ name: 'test:brief', per: 'account', max: 1, windowMs: 1000 }, subject);
      await first.close();
      await second.close();
    }
  });
});
