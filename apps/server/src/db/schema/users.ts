import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Stored lower-cased; the unique index makes email case-insensitive. */
    email: text('email').notNull(),
    /** Null for accounts that only sign in with a code or a third-party provider. */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    profilePictureUri: text('profile_picture_uri'),
    nativeLanguageCode: text('native_language_code'),
    /** The CEFR level (A1–C2) the learner said they start from; null until asked (sign-up or /welcome). */
    startingLevel: text('starting_level'),
    isStaff: boolean('is_staff').notNull().default(false),
    dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
    lastActivity: timestamp('last_activity', { withTimezone: true }),
    emailProductNews: boolean('email_product_news').notNull().default(true),
    /** Marketing ("Offers and discounts"): opt-in only, off until the learner turns it on (decision 018). */
    emailCampaigns: boolean('email_campaigns').notNull().default(false),
    /** When the learner last turned marketing email on: the record of their consent. */
    emailCampaignsConsentAt: timestamp('email_campaigns_consent_at', { withTimezone: true }),
    emailStudyReminders: boolean('email_study_reminders').notNull().default(true),
    /** A permanent delivery failure: no optional mail goes to this address until it changes. */
    emailBouncedAt: timestamp('email_bounced_at', { withTimezone: true }),
    /** The learner's IANA time zone, as their browser last reported it: when "this evening" is for them. */
    timeZone: text('time_zone'),
    /** Study reminders (decision 018): the last one sent, and how many in a row went unanswered. */
    studyReminderSentAt: timestamp('study_reminder_sent_at', { withTimezone: true }),
    studyRemindersUnanswered: integer('study_reminders_unanswered').notNull().default(0),
    /** The last "welcome back" summary, sent once per long absence. */
    welcomeBackSentAt: timestamp('welcome_back_sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    // Staff analytics (decision 015): new users by day/month, active users, searching by email.
    index('users_date_joined_idx').on(t.dateJoined),
    index('users_last_activity_idx').on(t.lastActivity),
    index('users_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
  ],
);

/** The user-actions log shown in the admin's per-user view (spec §2, §3). */
export const userActions = pgTable(
  'user_actions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    details: text('details').notNull().default(''),
    // Spelled out rather than columns.ts's createdAt(): that file imports this one.
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_actions_user_id_created_at_idx').on(t.userId, t.createdAt)],
);
