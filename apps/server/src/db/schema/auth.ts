import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, userId } from './columns.ts';
import { users } from './users.ts';

/**
 * API tokens: one per signed-in device; only a SHA-256 of the key is kept. A `session` token lasts
 * until signed out; an `impersonation` token (decision 015) lets the staff member `created_by`
 * view the app as `user_id` until `expires_at`, and never reaches staff or account-changing routes.
 */
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
    kind: text('kind', { enum: ['session', 'impersonation'] })
      .notNull()
      .default('session'),
    /** Null for sessions; impersonation tokens expire (15 minutes). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The staff member an impersonation token was issued to; the token dies with their account. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('auth_tokens_user_id_idx').on(t.userId),
    index('auth_tokens_created_by_idx')
      .on(t.createdBy)
      .where(sql`${t.createdBy} IS NOT NULL`),
    check('auth_tokens_kind_known', sql`${t.kind} IN ('session', 'impersonation')`),
    check(
      'auth_tokens_impersonation_bounded',
      sql`${t.kind} = 'session' OR (${t.expiresAt} IS NOT NULL AND ${t.createdBy} IS NOT NULL)`,
    ),
  ],
);

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
  /** SHA-256 of the secret the starting browser keeps: only that browser can finish the sign-in. */
  bindingHash: text('binding_hash').notNull().default(''),
  createdAt: createdAt(),
});

/**
 * A finished third-party sign-in waiting for its browser: the callback hands the browser a
 * single-use code, which the SPA exchanges (with the secret it kept) for a token by POST.
 */
export const oidcSignIns = pgTable('oidc_sign_ins', {
  codeHash: text('code_hash').primaryKey(),
  bindingHash: text('binding_hash').notNull(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});
