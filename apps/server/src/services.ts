import type { Database } from './db/client.ts';
import type { AccountCache } from './modules/auth/account-cache.ts';
import type { RecordsCache } from './modules/records/records-cache.ts';
import type { CatalogueWords } from './modules/vocabulary/catalogue-words.ts';
import type { EmailQueue } from './lib/email/email-queue.ts';
import type { Mailer } from './lib/email/mailer.ts';
import type { JobQueue } from './lib/jobs/job-queue.ts';
import type { RateLimiter } from './lib/rate-limit.ts';
import type { LinkSigner } from './lib/signed-links.ts';

/** What the domain services need from the outside world; tests swap the clock, queue and counters. */
export interface Services {
  db: Database;
  /** Outgoing email, sent by the job queue's worker. */
  email: EmailQueue;
  /** Direct delivery, for senders that track each message themselves (campaigns). */
  mailer: Mailer;
  /** The durable job queue, for work that must outlive the request. */
  jobs: JobQueue;
  limiter: RateLimiter;
  /** The one clock for expiries and rate-limit windows (tests move it forward instead of sleeping). */
  now: () => Date;
  /** Signs and checks the links in our email that act without a sign-in (unsubscribe, clicks). */
  links: LinkSigner;
  /** Where users reach the web app, for links in emails. */
  publicUrl: string;
  passwordHashLogN: number;
  /** Signed-in accounts in memory (decision 026), when this instance keeps them. */
  accounts?: AccountCache;
  /** Learners' known and challenging words in memory (decision 030), when this instance keeps them. */
  records?: RecordsCache;
  /** The catalogue's word ids in memory (decision 031), when this instance keeps them. */
  catalogue?: CatalogueWords;
}
