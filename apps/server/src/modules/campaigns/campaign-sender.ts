import type { Mailer } from '../../lib/email/mailer.ts';
import { renderMarkdown, type RenderedBody } from '../../lib/email/markdown.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import type { Services } from '../../services.ts';
import { campaignsRepository, type RecipientRow } from './campaigns.repository.ts';
import { composeCampaignMessage } from './campaign-message.ts';

/**
 * Sending a campaign (decision 018). The recipients are rows fixed when it was sent; a job works
 * through the rows without `sent_at` in id order, a bounded chunk at a time, then queues the next
 * chunk. Each message is marked sent as soon as the SMTP server accepts it, so after a crash the
 * next chunk (or the expired one, retried) skips nobody and sends again at most the messages that
 * were in flight: `concurrency` of them.
 */
export const CAMPAIGN_SEND_QUEUE = 'campaigns.send';

export interface CampaignSendJob {
  campaignId: number;
}

export interface CampaignSenderOptions {
  /** Messages per second at most (EMAIL_CAMPAIGN_RATE). */
  ratePerSecond: number;
  /** Messages handed to SMTP at once: the most a crash can make us send twice. */
  concurrency: number;
  /** How long one job sends before handing over to the next (keeps a job well inside its expiry). */
  chunkMs: number;
  /** A chunk job that ran this long without finishing is presumed dead and is run again. */
  expireInSeconds: number;
}

export const DEFAULT_SENDER_OPTIONS: CampaignSenderOptions = {
  ratePerSecond: 50,
  concurrency: 8,
  chunkMs: 60_000,
  expireInSeconds: 300,
};

/** Temporary failures (4xx, connection) after which a message is given up. */
const MAX_ATTEMPTS = 3;
const FETCH = 200;

type SenderServices = Pick<Services, 'db' | 'links' | 'now' | 'publicUrl'> & { mailer: Mailer; jobs: JobQueue };

/** Spaces sends to at most `perSecond`, across the concurrent workers of one chunk. */
function throttle(perSecond: number) {
  const gapMs = 1000 / perSecond;
  let next = Date.now();
  return async () => {
    const at = Math.max(next, Date.now());
    next = at + gapMs;
    const wait = at - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };
}

/** SMTP's own verdict: 5xx is permanent (no such mailbox), anything else may pass later. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export async function sendCampaignChunk(
  services: SenderServices,
  campaignId: number,
  options: CampaignSenderOptions,
): Promise<'finished' | 'continues' | 'gone'> {
  const { db, mailer, now } = services;
  const repository = campaignsRepository(db);
  const campaign = await repository.find(campaignId);
  if (!campaign) return 'gone';
  if (campaign.status === 'scheduled') await repository.update(campaignId, { status: 'sending' });
  const deadline = Date.now() + options.chunkMs;
  const wait = throttle(options.ratePerSecond);
  const rendered = new Map<string, RenderedBody>();
  const render = (markdown: string) => {
    let body = rendered.get(markdown);
    if (!body) rendered.set(markdown, (body = renderMarkdown(markdown)));
    return body;
  };

  async function deliver(recipient: RecipientRow & { firstName: string }) {
    const message = composeCampaignMessage(services, campaign!, recipient, true, render);
    await wait();
    try {
      await mailer.send(message);
    } catch (error) {
      if (isPermanent(error)) await repository.markBounced(recipient, now());
      else await repository.markAttempt(recipient.id, MAX_ATTEMPTS, now());
      return;
    }
    await repository.markSent(recipient.id, now());
  }

  while (Date.now() < deadline) {
    const batch = await repository.pending(campaignId, FETCH);
    if (batch.length === 0) {
      await repository.update(campaignId, { status: 'sent', finishedAt: now() });
      return 'finished';
    }
    // `concurrency` lanes over the batch, each one message at a time.
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(options.concurrency, batch.length) }, async () => {
        while (next < batch.length && Date.now() < deadline) await deliver(batch[next++]!);
      }),
    );
  }
  return 'continues';
}

export async function workCampaignSender(services: SenderServices, options: CampaignSenderOptions): Promise<void> {
  await services.jobs.work<CampaignSendJob>(
    CAMPAIGN_SEND_QUEUE,
    async ({ campaignId }, job) => {
      const outcome = await sendCampaignChunk(services, campaignId, options);
      if (outcome === 'continues') {
        await services.jobs.send<CampaignSendJob>(
          CAMPAIGN_SEND_QUEUE,
          { campaignId },
          { singletonKey: `campaign-${campaignId}-after-${job.id}` },
        );
      }
    },
    { retryLimit: 20, retryDelaySeconds: 5, retryBackoff: false, expireInSeconds: options.expireInSeconds },
  );
}
