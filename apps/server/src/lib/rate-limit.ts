import { isIPv6 } from 'node:net';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from './errors.ts';

/** One limit: at most `max` attempts per subject in a fixed window that starts at the first attempt. */
export interface Limit {
  /** Counter name, e.g. 'login:ip'; unique across the table, since it prefixes every key. */
  name: string;
  /** What the subject is: IP subjects are counted per network (see counterKey). */
  per: 'ip' | 'account' | 'user';
  max: number;
  /** Whole seconds: rate-limiter-flexible counts windows in seconds. */
  windowMs: number;
}

const MINUTE = 60_000;

/**
 * Every rate limit, in one table (decisions 004 and 010). Per-IP limits are generous because a
 * whole classroom can share one school IP; per-account and per-user limits are what stop guessing.
 */
export const limits = {
  loginPerIp: { name: 'login:ip', per: 'ip', max: 100, windowMs: 15 * MINUTE },
  loginFailuresPerAccount: { name: 'login:account', per: 'account', max: 10, windowMs: 15 * MINUTE },
  signupPerIp: { name: 'signup:ip', per: 'ip', max: 100, windowMs: 60 * MINUTE },
  resetPerIp: { name: 'reset:ip', per: 'ip', max: 30, windowMs: 60 * MINUTE },
  resetPerAccount: { name: 'reset:account', per: 'account', max: 5, windowMs: 60 * MINUTE },
  codePerIp: { name: 'code:ip', per: 'ip', max: 30, windowMs: 60 * MINUTE },
  codePerAccount: { name: 'code:account', per: 'account', max: 5, windowMs: 60 * MINUTE },
  codeVerifyPerIp: { name: 'code-verify:ip', per: 'ip', max: 60, windowMs: 15 * MINUTE },
  codeVerifyPerAccount: { name: 'code-verify:account', per: 'account', max: 10, windowMs: 15 * MINUTE },
  /** Wrong classroom PINs: enumerating 10^8 PINs at this pace is hopeless. */
  classroomJoinFailuresPerUser: { name: 'join:user', per: 'user', max: 10, windowMs: 10 * MINUTE },
  classroomJoinFailuresPerIp: { name: 'join:ip', per: 'ip', max: 30, windowMs: 10 * MINUTE },
  /** Password checks by signed-in users (account deletion, password change) from one IP. */
  passwordCheckPerIp: { name: 'password-check:ip', per: 'ip', max: 50, windowMs: 15 * MINUTE },
  /**
   * Every password check on one account (sign-in, deletion, password change), right or wrong.
   * The failure limit is checked before the work and counted after it, so parallel guesses all
   * pass it together; this counter is taken before the work and bounds such a burst.
   */
  passwordAttemptsPerAccount: { name: 'password-attempts:account', per: 'account', max: 20, windowMs: 15 * MINUTE },
  /** Product events (event-call/) without a token: a page sends a few a minute. */
  eventsPerAnonymousIp: { name: 'events:anon-ip', per: 'ip', max: 120, windowMs: MINUTE },
  /** Product events from a signed-in learner: one study card a second is 60. */
  eventsPerUser: { name: 'events:user', per: 'user', max: 300, windowMs: MINUTE },
  /** Signed-in events from one IP, all accounts together: a busy classroom stays well under it. */
  eventsPerSignedInIp: { name: 'events:user-ip', per: 'ip', max: 3000, windowMs: MINUTE },
  /** Checkouts started by one learner: each opens a form at the payment provider. A hesitant buyer needs a few. */
  checkoutsPerUser: { name: 'checkout:user', per: 'user', max: 10, windowMs: 10 * MINUTE },
  /** Contact-form messages from one IP: a person writes a few; each one also sends a confirmation mail. */
  contactMessagesPerIp: { name: 'contact:ip', per: 'ip', max: 5, windowMs: 60 * MINUTE },
  /**
   * Contact-form confirmations to one address, whoever asks: senders on many IPs cannot bury
   * someone else's mailbox in our mail. Past it, messages are still stored, without a confirmation.
   */
  contactConfirmationsPerAddress: {
    name: 'contact-confirm:account',
    per: 'account',
    max: 5,
    windowMs: 24 * 60 * MINUTE,
  },
  /** Issue reports from one learner: a careful learner reports a few wrong words in a session. */
  issueReportsPerUser: { name: 'issue-report:user', per: 'user', max: 10, windowMs: 60 * MINUTE },
} satisfies Record<string, Limit>;

/** A 429 that says when to try again; the error handler sends `retryAfterSeconds` as Retry-After and `retry_after`. */
export class ThrottledError extends ApiError {
  declare readonly retryAfterSeconds: number;
  constructor(msBeforeNext: number) {
    super(429, 'throttled', undefined, secondsUntil(msBeforeNext));
  }
}

/** Whole seconds (at least one) for a wait in milliseconds, as Retry-After counts. */
export function secondsUntil(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/**
 * One limit's counters. rate-limiter-flexible's limiters (RateLimiterMemory, RateLimiterRedis)
 * are Counters as they are; the only other one is the clock-driven memory counter below.
 */
export interface Counter {
  /** Adds one; rejects with a RateLimiterRes (not an Error) when that goes over the limit. */
  consume(key: string): Promise<RateLimiterRes>;
  /** Adds one and never rejects (for limits that count failures). */
  penalty(key: string): Promise<RateLimiterRes>;
  /** The key's window, or null when it has none. */
  get(key: string): Promise<RateLimiterRes | null>;
  delete(key: string): Promise<boolean>;
}

/** Where counters live: memory, or Redis shared by every instance. One Counter per limit. */
export interface CounterStore {
  counter(limit: Limit): Counter;
  close(): Promise<void>;
}

function storePerLimit(make: (limit: Limit) => Counter, close: () => Promise<void> = async () => {}): CounterStore {
  const counters = new Map<string, Counter>();
  return {
    counter(limit) {
      let counter = counters.get(limit.name);
      if (!counter) {
        counter = make(limit);
        counters.set(limit.name, counter);
      }
      return counter;
    },
    close,
  };
}

/** Keys read `vocagarden:rl:<limit>:<subject>`, as the hand-written counters before them did. */
const limiterOptions = (limit: Limit) => ({
  keyPrefix: `vocagarden:rl:${limit.name}`,
  points: limit.max,
  duration: limit.windowMs / 1000,
});

/**
 * Counters in this process's memory. With the real clock (no `now`), rate-limiter-flexible's
 * RateLimiterMemory, which drops each key when its window ends, so memory stays bounded.
 * With an injected clock (tests' TestClock, DEV_TOOLS' movable clock), a small counter that
 * reads that clock, since RateLimiterMemory reads Date.now() and expires keys on timers.
 */
export function memoryCounterStore(now?: () => Date): CounterStore {
  return storePerLimit((limit) =>
    now ? clockedMemoryCounter(limit, now) : new RateLimiterMemory(limiterOptions(limit)),
  );
}

interface Logger {
  warn(details: object, message: string): void;
}

/**
 * Counters in Redis, shared by every instance (RateLimiterRedis: one Lua script sets the
 * window's expiry and adds, atomically). While Redis is unreachable each instance counts in
 * its own memory (the insurance limiter) rather than failing sign-in with a 500.
 */
export function redisCounterStore(url: string, log?: Logger): CounterStore & { ready(): Promise<void> } {
  // A command that gets no answer within a second counts in memory instead: a hung Redis slows
  // a sign-in by a second at most. While disconnected, nothing waits at all (rejectIfRedisNotReady).
  const redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 1000 });
  redis.on('error', (error: Error) => log?.warn({ err: error }, 'rate-limit Redis unavailable; counting in memory'));
  const store = storePerLimit(
    (limit) =>
      new RateLimiterRedis({
        ...limiterOptions(limit),
        storeClient: redis,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(limiterOptions(limit)),
      }),
    async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  );
  return {
    ...store,
    /** Resolves once connected (until then every instance counts in its own memory). */
    ready: () =>
      redis.status === 'ready' ? Promise.resolve() : new Promise((resolve) => redis.once('ready', resolve)),
  };
}

/**
 * Fixed windows on an injected clock, for tests and DEV_TOOLS only (production memory counting
 * is RateLimiterMemory). Same semantics as rate-limiter-flexible's limiters; ended windows are
 * swept as it goes, so it stays bounded as well.
 */
function clockedMemoryCounter(limit: Limit, now: () => Date): Counter {
  const windows = new Map<string, { consumed: number; endsAt: number }>();
  let writes = 0;
  const live = (key: string, at: number) => {
    const window = windows.get(key);
    return window && window.endsAt > at ? window : undefined;
  };
  const answer = (window: { consumed: number; endsAt: number }, at: number) =>
    new RateLimiterRes(Math.max(limit.max - window.consumed, 0), window.endsAt - at, window.consumed);
  const add = (key: string) => {
    const at = now().getTime();
    writes += 1;
    if (writes % 1000 === 0) {
      for (const [stale, window] of windows) if (window.endsAt <= at) windows.delete(stale);
    }
    const window = live(key, at) ?? { consumed: 0, endsAt: at + limit.windowMs };
    window.consumed += 1;
    windows.set(key, window);
    return answer(window, at);
  };
  return {
    async consume(key) {
      const result = add(key);
      // Rejects as rate-limiter-flexible does, with the result rather than an Error.
      return result.consumedPoints > limit.max ? Promise.reject(result) : result;
    },
    async penalty(key) {
      return add(key);
    },
    async get(key) {
      const at = now().getTime();
      const window = live(key, at);
      return window ? answer(window, at) : null;
    },
    async delete(key) {
      return windows.delete(key);
    },
  };
}

/**
 * The subject as counted. Emails and ids are case-folded. An IPv6 client is counted by its /64
 * network, the block one subscriber is given (else each of its 2^64 addresses would have a
 * counter of its own); an IPv4-mapped address (::ffff:a.b.c.d) counts as the IPv4 address.
 */
export function counterKey(limit: Limit, subject: string): string {
  if (limit.per !== 'ip' || !isIPv6(subject)) return subject.toLowerCase();
  const groups = ipv6Groups(subject);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (with or without ::, a zone or a dotted tail). */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0]!;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16));
}

export type RateLimiter = ReturnType<typeof rateLimiter>;

export function rateLimiter(store: CounterStore) {
  const counter = (limit: Limit) => store.counter(limit);
  return {
    /** Counts one attempt and refuses it when the limit is exceeded. */
    async consume(limit: Limit, subject: string): Promise<void> {
      try {
        await counter(limit).consume(counterKey(limit, subject));
      } catch (rejection) {
        // A RateLimiterRes is "over the limit"; anything else is the store failing.
        throw rejection instanceof RateLimiterRes ? new ThrottledError(rejection.msBeforeNext) : rejection;
      }
    },
    /** Refuses without counting when earlier attempts (e.g. failures) used the limit up. */
    async check(limit: Limit, subject: string): Promise<void> {
      const window = await counter(limit).get(counterKey(limit, subject));
      if (window && window.consumedPoints >= limit.max) throw new ThrottledError(window.msBeforeNext);
    },
    /** Counts an attempt that failed, for limits that only count failures. */
    async recordFailure(limit: Limit, subject: string): Promise<void> {
      await counter(limit).penalty(counterKey(limit, subject));
    },
    async reset(limit: Limit, subject: string): Promise<void> {
      await counter(limit).delete(counterKey(limit, subject));
    },
  };
}
