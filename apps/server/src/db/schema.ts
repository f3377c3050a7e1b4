import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

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
    isStaff: boolean('is_staff').notNull().default(false),
    dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
    lastActivity: timestamp('last_activity', { withTimezone: true }),
    emailProductNews: boolean('email_product_news').notNull().default(true),
    emailCampaigns: boolean('email_campaigns').notNull().default(true),
    emailStudyReminders: boolean('email_study_reminders').notNull().default(true),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

/** API tokens: one per signed-in device; only a SHA-256 of the key is kept. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull().unique(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('auth_tokens_user_id_idx').on(t.userId)],
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
    createdAt: createdAt(),
  },
  (t) => [index('user_actions_user_id_created_at_idx').on(t.userId, t.createdAt)],
);

const userId = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Single-use password reset links; the emailed secret is stored hashed. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userId(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId, t.createdAt)],
);

/** Six-digit sign-in codes ("login by activation code"): short-lived, few attempts, single use. */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userId(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('login_codes_user_id_idx').on(t.userId, t.createdAt)],
);

/** Third-party accounts (OpenID Connect) linked to a user. */
export const userIdentities = pgTable(
  'user_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: userId(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('user_identities_user_id_idx').on(t.userId)],
);

/** An OpenID Connect sign-in in progress: its state, PKCE verifier and nonce (single use). */
export const oidcStates = pgTable('oidc_states', {
  state: text('state').primaryKey(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  createdAt: createdAt(),
});

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

export type Localized = { en: string; es: string; tr: string; az: string };
export type Translations = { tr: string[]; es: string[]; az: string[] };

/** A theme within one CEFR level (content: packages/content). */
export const vocaCategories = pgTable(
  'voca_categories',
  {
    id: integer('id').primaryKey(),
    level: text('level').notNull(),
    order: integer('order').notNull(),
    illustration: text('illustration').notNull(),
    title: jsonb('title').$type<Localized>().notNull(),
    description: jsonb('description').$type<Localized>().notNull(),
  },
  (t) => [index('voca_categories_level_order_idx').on(t.level, t.order)],
);

/** A word ("voca"): stable id, headword, grading, texts and translations with accepted alternatives. */
export const vocas = pgTable(
  'vocas',
  {
    id: integer('id').primaryKey(),
    word: text('word').notNull(),
    pos: text('pos').notNull(),
    level: text('level').notNull(),
    ipa: text('ipa'),
    definition: text('definition').notNull(),
    example: text('example').notNull(),
    translations: jsonb('translations').$type<Translations>().notNull(),
    /** Lower-cased headword and translations, for trigram search. */
    searchText: text('search_text').notNull(),
  },
  (t) => [
    uniqueIndex('vocas_word_pos_key').on(sql`lower(${t.word})`, t.pos),
    index('vocas_word_prefix_idx').on(sql`lower(${t.word}) text_pattern_ops`),
    index('vocas_word_trgm_idx').using('gin', sql`lower(${t.word}) gin_trgm_ops`),
    index('vocas_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('vocas_level_idx').on(t.level),
  ],
);

/**
 * Lists ("bulletins"): official lists have a category and no owner; personal lists have an owner.
 * Official ids come from the content set; the identity sequence starts above them.
 */
export const bulletins = pgTable(
  'bulletins',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 100_000 }),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').references(() => vocaCategories.id, { onDelete: 'cascade' }),
    order: integer('order').notNull().default(0),
    title: text('title').notNull(),
    titleTranslations: jsonb('title_translations').$type<Localized>(),
    graphicUri: text('graphic_uri').notNull(),
    wordIds: integer('word_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    isPremium: boolean('is_premium').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('bulletins_owner_id_idx').on(t.ownerId),
    index('bulletins_category_id_idx').on(t.categoryId, t.order),
    check('bulletins_official_or_owned', sql`(${t.ownerId} IS NULL) <> (${t.categoryId} IS NULL)`),
  ],
);

/** Time-limited premium plans, renewed by hand; active while today is within start..end. */
export const premiumSubscriptions = pgTable(
  'premium_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userId(),
    plan: text('plan').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    /** Integer minor units (kuruş) plus currency. */
    paymentAmount: integer('payment_amount').notNull().default(0),
    currency: text('currency').notNull().default('TRY'),
    createdAt: createdAt(),
  },
  (t) => [index('premium_subscriptions_user_id_idx').on(t.userId, t.endDate)],
);

/** Which content files were imported, so a start imports the bundled set only when it changed. */
export const contentImports = pgTable('content_imports', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  checksum: text('checksum').notNull(),
  words: integer('words').notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
});

const recordColumns = () => ({
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: userId(),
  vocaId: integer('voca_id')
    .notNull()
    .references(() => vocas.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/** Words the learner knows ("vocarecords"). One row per word: the unique index makes marking idempotent. */
export const vocaRecords = pgTable('voca_records', recordColumns(), (t) => [
  uniqueIndex('voca_records_user_voca_key').on(t.userId, t.vocaId),
]);

/** Words the learner finds challenging ("vocahardrecords"); a word is never in both sets. */
export const vocaHardRecords = pgTable('voca_hard_records', recordColumns(), (t) => [
  uniqueIndex('voca_hard_records_user_voca_key').on(t.userId, t.vocaId),
]);

/** Fire-and-forget product events for the admin analytics (display_card, paywall_click, …). */
export const productEvents = pgTable(
  'product_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    event: text('event').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('product_events_event_created_at_idx').on(t.event, t.createdAt)],
);

/** FSRS scheduling state of one word for one learner (spaced review, via ts-fsrs). */
export const reviewCards = pgTable(
  'review_cards',
  {
    userId: userId(),
    vocaId: integer('voca_id')
      .notNull()
      .references(() => vocas.id, { onDelete: 'cascade' }),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: doublePrecision('stability').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    elapsedDays: integer('elapsed_days').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    learningSteps: integer('learning_steps').notNull(),
    reps: integer('reps').notNull(),
    lapses: integer('lapses').notNull(),
    state: integer('state').notNull(),
    lastReview: timestamp('last_review', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.vocaId] }), index('review_cards_user_due_idx').on(t.userId, t.due)],
);

/** A finished study or review session: the home page's streak, totals and "continue". */
export const studySessions = pgTable(
  'study_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userId(),
    bulletinId: integer('bulletin_id').references(() => bulletins.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    learned: integer('learned').notNull(),
    hard: integer('hard').notNull(),
    answers: integer('answers').notNull(),
    correct: integer('correct').notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('study_sessions_user_finished_idx').on(t.userId, t.finishedAt)],
);

/** A classroom: its creator is the admin; members join with the PIN. */
export const classrooms = pgTable(
  'classrooms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    adminId: integer('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pin: text('pin').notNull().unique(),
    graphicUri: text('graphic_uri').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('classrooms_admin_id_idx').on(t.adminId)],
);

export const classroomMembers = pgTable(
  'classroom_members',
  {
    classroomId: integer('classroom_id')
      .notNull()
      .references(() => classrooms.id, { onDelete: 'cascade' }),
    userId: userId(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.classroomId, t.userId] }), index('classroom_members_user_id_idx').on(t.userId)],
);

/** The admin's own lists shared into a classroom; deleting a list removes it everywhere. */
export const classroomLists = pgTable(
  'classroom_lists',
  {
    classroomId: integer('classroom_id')
      .notNull()
      .references(() => classrooms.id, { onDelete: 'cascade' }),
    bulletinId: integer('bulletin_id')
      .notNull()
      .references(() => bulletins.id, { onDelete: 'cascade' }),
    sharedAt: timestamp('shared_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.classroomId, t.bulletinId] }),
    index('classroom_lists_bulletin_id_idx').on(t.bulletinId),
  ],
);
