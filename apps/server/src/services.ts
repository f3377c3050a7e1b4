import type { Database } from './db/client.ts';
import type { Mailer } from './lib/email/mailer.ts';
import type { RateLimiter } from './lib/rate-limit.ts';

/** What the domain services need from the outside world; tests swap the clock, mailer and counters. */
export interface Services {
  db: Database;
  mailer: Mailer;
  limiter: RateLimiter;
  /** The one clock for expiries and rate-limit windows (tests move it forward instead of sleeping). */
  now: () => Date;
  /** Where users reach the web app, for links in emails. */
  publicUrl: string;
  passwordHashLogN: number;
}
