import type { CampaignAudience } from '@vocagarden/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { createdAt } from './columns.ts';

/** Without SMTP_URL, outgoing mail lands here (and in the log) so the app works offline. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('email_outbox_recipient_idx').on(t.recipient, t.createdAt)],
);

/**
 * Secrets the servers make for themselves and share through the database (every instance signs
 * and checks the same links without configuration), e.g. the key of unsubscribe and click links.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A staff email campaign (decision 018); subject and body are per interface language. */
export const emailCampaigns = pgTable(
  'email_campaigns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    subject: jsonb('subject').$type<Record<'en' | 'es' | 'tr' | 'az', string>>().notNull(),
    body: jsonb('body').$type<Record<'en' | 'es' | 'tr' | 'az', string>>().notNull(),
    audience: jsonb('audience').$type<CampaignAudience>().notNull(),
    /** draft → scheduled (recipients fixed) → sending → sent. */
    status: text('status').notNull().default('draft'),
    sendAt: timestamp('send_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [check('email_campaigns_status_known', sql`${t.status} IN ('draft', 'scheduled', 'sending', 'sent')`)],
);

/**
 * One row per recipient of a campaign (spec §3 Email recipient), fixed when it is sent: the
 * sender works through the rows without `sent_at`, so a restart resumes where it stopped.
 */
export const emailRecipients = pgTable(
  'email_recipients',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => emailCampaigns.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    language: text('language').notNull(),
    /** Temporary failures so far; the sender gives up after a few. */
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    bouncedAt: timestamp('bounced_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    /** Given up after temporary failures. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('email_recipients_campaign_user_key').on(t.campaignId, t.userId),
    // The sender's next rows: unsent, in id order.
    index('email_recipients_pending_idx')
      .on(t.campaignId, t.id)
      .where(sql`${t.sentAt} IS NULL`),
    index('email_recipients_email_idx').on(t.email),
  ],
);
