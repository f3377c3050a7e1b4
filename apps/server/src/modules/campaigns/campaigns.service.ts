import {
  DEFAULT_PAGE_SIZE,
  type Campaign,
  type CampaignInput,
  type EmailRecipient,
  type UiLanguage,
} from '@vocagarden/contract';
import { conflict, notFound } from '../../lib/errors.ts';
import type { Services } from '../../services.ts';
import { percentage } from '../analytics/analytics.service.ts';
import type { UserRow } from '../users/users.repository.ts';
import { composeCampaignMessage } from './campaign-message.ts';
import { CAMPAIGN_SEND_QUEUE, type CampaignSendJob } from './campaign-sender.ts';
import { campaignsRepository, type CampaignRow, type CampaignTotals } from './campaigns.repository.ts';

type CampaignServices = Pick<Services, 'db' | 'email' | 'jobs' | 'links' | 'now' | 'publicUrl'>;

const iso = (at: Date | null) => (at ? at.toISOString() : null);
const noTotals: CampaignTotals = { recipients: 0, sent: 0, opened: 0, clicked: 0, bounced: 0, unsubscribed: 0 };

function serializeCampaign(row: CampaignRow, totals: CampaignTotals = noTotals): Campaign {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    body: row.body,
    audience: row.audience,
    status: row.status as Campaign['status'],
    send_at: iso(row.sendAt),
    created_at: row.createdAt.toISOString(),
    finished_at: iso(row.finishedAt),
    totals,
    rates: {
      open_rate: percentage(totals.opened, totals.sent),
      click_rate: percentage(totals.clicked, totals.sent),
      bounce_rate: percentage(totals.bounced, totals.sent + totals.bounced),
    },
  };
}

export function campaignsService(services: CampaignServices) {
  const { db, email, jobs, now } = services;
  const repository = campaignsRepository(db);

  async function withTotals(rows: CampaignRow[]): Promise<Campaign[]> {
    const totals = await repository.totals(rows.map((row) => row.id));
    return rows.map((row) => serializeCampaign(row, totals.get(row.id)));
  }

  async function found(id: number): Promise<CampaignRow> {
    const row = await repository.find(id);
    if (!row) throw notFound();
    return row;
  }

  /** Changes a draft under its lock; anything else is 409 (its recipients are fixed). */
  async function changeDraft<T>(id: number, change: (row: CampaignRow, tx: typeof db) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      const row = await campaignsRepository(tx).lock(id);
      if (!row) throw notFound();
      if (row.status !== 'draft') throw conflict('campaign_not_draft');
      return change(row, tx as typeof db);
    });
  }

  return {
    async list(): Promise<Campaign[]> {
      return withTotals(await repository.list());
    },

    async get(id: number): Promise<Campaign> {
      return (await withTotals([await found(id)]))[0]!;
    },

    async create(input: CampaignInput, staffId: number): Promise<Campaign> {
      return serializeCampaign(await repository.create(input, staffId));
    },

    async update(id: number, changes: Partial<CampaignInput>): Promise<Campaign> {
      const row = await changeDraft(id, (_row, tx) => campaignsRepository(tx).update(id, changes));
      return serializeCampaign(row!);
    },

    async remove(id: number): Promise<void> {
      await changeDraft(id, (_row, tx) => campaignsRepository(tx).remove(id));
    },

    /** The message as a learner of that language gets it, links as written (nothing tracked). */
    async preview(id: number, language: UiLanguage, staff: UserRow) {
      const message = composeCampaignMessage(
        services,
        await found(id),
        { id: 0, email: staff.email, language, userId: null, firstName: staff.firstName },
        false,
      );
      return { subject: message.subject, html: message.html, text: message.text };
    },

    /** To the staff member, through the ordinary mail queue; not a recipient, nothing counted. */
    async sendTest(id: number, language: UiLanguage, staff: UserRow): Promise<void> {
      const message = composeCampaignMessage(
        services,
        await found(id),
        { id: 0, email: staff.email, language, userId: null, firstName: staff.firstName },
        false,
      );
      await email.send({ ...message, subject: `[TEST] ${message.subject}` });
    },

    /**
     * Fixes the recipients (the consenting learners of the audience, as they are now) and queues
     * the sending for `at` (default now), in one transaction: sent twice, the second is a 409.
     */
    async send(id: number, at: Date | undefined): Promise<Campaign> {
      const when = at && at > now() ? at : now();
      const row = await changeDraft(id, async (campaign, tx) => {
        const repo = campaignsRepository(tx);
        await repo.addRecipients(campaign, now());
        const scheduled = await repo.update(id, { status: 'scheduled', sendAt: when });
        await jobs.send<CampaignSendJob>(
          CAMPAIGN_SEND_QUEUE,
          { campaignId: id },
          { tx, startAfter: when, singletonKey: `campaign-${id}-start` },
        );
        return scheduled!;
      });
      return (await withTotals([row]))[0]!;
    },

    async recipients(query: {
      campaign?: number | undefined;
      page: number;
      page_size: number;
      ordering?: string | undefined;
      search?: string | undefined;
    }): Promise<{ count: number; results: EmailRecipient[] }> {
      const size = query.page_size ?? DEFAULT_PAGE_SIZE;
      const page = await repository.recipients({
        campaignId: query.campaign,
        limit: size,
        offset: (query.page - 1) * size,
        ordering: query.ordering ?? '-id',
        search: query.search,
      });
      return {
        count: page.count,
        results: page.rows.map((row) => ({
          ...row,
          sent_at: iso(row.sent_at),
          opened_at: iso(row.opened_at),
          clicked_at: iso(row.clicked_at),
          bounced_at: iso(row.bounced_at),
          unsubscribed_at: iso(row.unsubscribed_at),
          user_last_activity: iso(row.user_last_activity),
        })),
      };
    },
  };
}
