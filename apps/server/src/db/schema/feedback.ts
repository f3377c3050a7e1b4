import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';
import { vocas } from './vocabulary.ts';

/**
 * Messages sent with the contact form (spec §3), signed in or not. The sender's email is kept as
 * typed; the account, when there was one, is kept as a link that a deleted account nulls.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    content: text('content').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // The staff table lists newest first.
    index('contact_messages_created_at_idx').on(t.createdAt),
    index('contact_messages_user_id_idx').on(t.userId),
  ],
);

/** Problems learners report (a wrong translation, the audio, the app); staff mark them resolved. */
export const issueReports = pgTable(
  'issue_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The kind of problem: one of the contract's `issueKinds`. */
    issueId: text('issue_id').notNull(),
    issueDescription: text('issue_description').notNull(),
    /** The page (path) the report was sent from. */
    page: text('page'),
    vocaId: integer('voca_id').references(() => vocas.id, { onDelete: 'set null' }),
    resolved: boolean('resolved').notNull().default(false),
    /** When and by which staff member it was resolved (the first time); both null while open. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // The staff table lists newest first, unresolved first when ordered by `resolved`.
    index('issue_reports_created_at_idx').on(t.createdAt),
    index('issue_reports_resolved_created_at_idx').on(t.resolved, t.createdAt),
    index('issue_reports_user_id_idx').on(t.userId),
    index('issue_reports_voca_id_idx').on(t.vocaId),
  ],
);
