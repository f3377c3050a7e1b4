import { Redis } from 'ioredis';
import { ApiError } from './errors.ts';

/** Fixed-window counters; the store decides where they live (memory, or Redis shared by instances). */
export interface CounterStore {
  /** Adds one to the key's counter and returns the new count (the window starts at the first hit). */
  increment(key: string, windowMs: number): Promise<number>;
  /** The current count without changing it. */
  peek(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function memoryCounterStore(now: () => Date = () => new Date()): CounterStore {
  const counters = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const counter = counters.get(key);
    if (counter && counter.resetAt <= now().getTime()) {
      counters.delete(key);
      return undefined;
    }
    return counter;
  };
  return {
    async increment(key, windowMs) {
      const counter = live(key) ?? { count: 0, resetAt: now().getTime() + windowMs };
      counter.count += 1;
      counters.set(key, counter);
      return counter.count;
    },
    async peek(key) {
      return live(key)?.count ?? 0;
    },
    async reset(key) {
      counters.delete(key);
    },
    async close() {
      counters.clear();
    },
  };
}

export function redisCounterStore(url: string): CounterStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  const prefix = 'vocagarden:rl:';
  return {
    async increment(key, windowMs) {
      // INCR then set the expiry only when the key is new (NX), atomically in one round trip.
      const results = await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowMs, 'NX')
        .exec();
      return Number(results?.[0]?.[1] ?? 0);
    },
    async peek(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}

export interface Limit {
  /** Counter name, e.g. 'login:ip'. */
  name: string;
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

/**
 * The limits on sign-in and account recovery. Per-IP limits are generous because a whole
 * classroom can share one school IP; per-account limits are what stop password guessing.
 */
export const limits = {
  loginPerIp: { name: 'login:ip', max: 100, windowMs: 15 * MINUTE },
  loginFailuresPerAccount: { name: 'login:account', max: 10, windowMs: 15 * MINUTE },
  signupPerIp: { name: 'signup:ip', max: 100, windowMs: 60 * MINUTE },
  resetPerIp: { name: 'reset:ip', max: 30, windowMs: 60 * MINUTE },
  resetPerAccount: { name: 'reset:account', max: 5, windowMs: 60 * MINUTE },
  codePerIp: { name: 'code:ip', max: 30, windowMs: 60 * MINUTE },
  codePerAccount: { name: 'code:account', max: 5, windowMs: 60 * MINUTE },
  codeVerifyPerIp: { name: 'code-verify:ip', max: 60, windowMs: 15 * MINUTE },
  codeVerifyPerAccount: { name: 'code-verify:account', max: 10, windowMs: 15 * MINUTE },
  /** Wrong classroom PINs: enumerating 10^8 PINs at this pace is hopeless. */
  classroomJoinFailuresPerUser: { name: 'join:user', max: 10, windowMs: 10 * MINUTE },
  classroomJoinFailuresPerIp: { name: 'join:ip', max: 30, windowMs: 10 * MINUTE },
} satisfies Record<string, Limit>;

export type RateLimiter = ReturnType<typeof rateLimiter>;

export function rateLimiter(store: CounterStore) {
  const key = (limit: Limit, subject: string) => `${limit.name}:${subject.toLowerCase()}`;
  const throttled = () => new ApiError(429, 'throttled');
  return {
    /** Counts one attempt and refuses it when the limit is exceeded. */
    async consume(limit: Limit, subject: string): Promise<void> {
      if ((await store.increment(key(limit, subject), limit.windowMs)) > limit.max) throw throttled();
    },
    /** Refuses without counting when earlier attempts (e.g. failures) used the limit up. */
    async check(limit: Limit, subject: string): Promise<void> {
      if ((await store.peek(key(limit, subject))) >= limit.max) throw throttled();
    },
    /** Counts an attempt that failed, for limits that only count failures. */
    async recordFailure(limit: Limit, subject: string): Promise<void> {
      await store.increment(key(limit, subject), limit.windowMs);
    },
    async reset(limit: Limit, subject: string): Promise<void> {
      await store.reset(key(limit, subject));
    },
  };
}
