import type { Executor } from '../../db/client.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { Mailer, OutgoingEmail } from './mailer.ts';

const EMAIL_QUEUE = 'email.send';

/** Email leaves through the job queue: enqueued with the change that causes it, sent by a worker. */
export interface EmailQueue {
  /** Pass the transaction that makes the change, so the mail exists exactly when the change commits. */
  send(email: OutgoingEmail, tx?: Executor): Promise<void>;
}

export function emailQueue(jobs: JobQueue): EmailQueue {
  return {
    async send(email, tx) {
      await jobs.send(EMAIL_QUEUE, email, tx ? { tx } : {});
    },
  };
}

/**
 * Retries with backoff for about a day (SMTP down, a greylisting server); a message that still
 * fails stays visible among the queue's dead letters.
 */
export function workEmail(jobs: JobQueue, mailer: Mailer, { retryDelaySeconds = 30 } = {}) {
  return jobs.work<OutgoingEmail>(EMAIL_QUEUE, (email) => mailer.send(email), {
    retryLimit: 10,
    retryDelaySeconds,
    retryBackoff: true,
  });
}
