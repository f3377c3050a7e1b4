import { SESSION_IDLE_TIMEOUT_MS, SESSION_MAX_AGE_MS } from '@vocagarden/contract';
import { and, desc, eq, gt, lte, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { authTokens, users } from '../../db/schema.ts';
import { randomSecret, sha256 } from '../../lib/crypto.ts';
import { planPeriodsSql, type PlanPeriod } from '../premium/premium.repository.ts';
import type { UserRow } from '../users/users.repository.ts';

export interface Authenticated {
  user: UserRow;
  /** The user's premium plans: their status at any moment is premiumUntil(plans, now). */
  plans: PlanPeriod[];
  tokenId: number;
  /** When this token was last recorded as used (its creation if never since). */
  tokenLastUsedAt: Date;
  /**
   * For an impersonation token (decision 015), the staff member viewing the app as `user`: such a
   * token never reaches staff endpoints nor the ones in the contract's `impersonationRefused`.
   */
  impersonatedBy: { id: number; email: string } | null;
}

export type TokenRow = typeof authTokens.$inferSelect;

/**
 * Token lifetimes run on the wall clock, not on the app's movable clock (Services.now): browser
 * tests move DEV_TOOLS' clock a month ahead to reach review due dates, and that must not sign out
 * every browser signed in to the same server. API tests backdate a token's row instead.
 */
export const sessionClock = () => new Date();

/** When a token was last seen: `last_used_at`, or its creation for tokens issued before that was set. */
const lastSeen = sql<Date>`coalesce(${authTokens.lastUsedAt}, ${authTokens.createdAt})`;

const issuedBefore = (now: Date) => new Date(now.getTime() - SESSION_MAX_AGE_MS);
const idleSince = (now: Date) => new Date(now.getTime() - SESSION_IDLE_TIMEOUT_MS).toISOString();

/** Tokens still within both their idle timeout and their absolute lifetime at `now`. */
function live(now: Date) {
  return and(gt(authTokens.createdAt, issuedBefore(now)), sql`${lastSeen} > ${idleSince(now)}::timestamptz`);
}

const creators = alias(users, 'creator');

/** What a token's key finds: the token, its user and their plans, and an impersonation token's staff member. */
export interface TokenLookup {
  token: TokenRow;
  user: UserRow;
  plans: PlanPeriod[];
  creator: { id: number; email: string; isStaff: boolean } | null;
}

/**
 * Who a looked-up token signs in, or null when the token has ended: unused too long or issued too
 * long ago at `now`, or an impersonation token past its `expires_at` on `impersonationNow` (see
 * impersonationClock) or whose staff member is no longer staff.
 */
export function signedInBy(lookup: TokenLookup, now: Date, impersonationNow: Date = now): Authenticated | null {
  const { token, creator } = lookup;
  const impersonation = token.kind === 'impersonation';
  const ended =
    isExpired(token, now) ||
    (impersonation &&
      (!token.expiresAt || token.expiresAt.getTime() <= impersonationNow.getTime() || !creator?.isStaff));
  if (ended) return null;
  return {
    user: lookup.user,
    plans: lookup.plans,
    tokenId: token.id,
    tokenLastUsedAt: token.lastUsedAt ?? token.createdAt,
    impersonatedBy: impersonation && creator ? { id: creator.id, email: creator.email } : null,
  };
}

/**
 * An impersonation token's clock is the later of the wall clock and the app's clock (which tests
 * and DEV_TOOLS move forward): 15 minutes on either one ends it, and it never outlives them.
 */
export function impersonationClock(wall: Date, app: Date): Date {
  return wall.getTime() >= app.getTime() ? wall : app;
}

function expired(now: Date) {
  return or(lte(authTokens.createdAt, issuedBefore(now)), sql`${lastSeen} <= ${idleSince(now)}::timestamptz`);
}

/** True when the token has gone unused too long, or was issued too long ago, at `now`. */
export function isExpired(token: Pick<TokenRow, 'createdAt' | 'lastUsedAt'>, now: Date): boolean {
  const at = now.getTime();
  const seen = (token.lastUsedAt ?? token.createdAt).getTime();
  return token.createdAt.getTime() <= at - SESSION_MAX_AGE_MS || seen <= at - SESSION_IDLE_TIMEOUT_MS;
}

export function tokensRepository(db: Executor) {
  /** Stores a new key's hash; the plain key is returned once and never stored. */
  async function insertKey(
    values: Omit<typeof authTokens.$inferInsert, 'keyHash' | 'lastUsedAt'> & { createdAt: Date },
  ): Promise<string> {
    const key = randomSecret(32);
    await db.insert(authTokens).values({
      ...values,
      keyHash: sha256(key),
      userAgent: values.userAgent?.slice(0, 500),
      lastUsedAt: values.createdAt,
    });
    return key;
  }

  return {
    /** Issues a new key for one device; the user's expired tokens are cleared on the way. */
    async issue(userId: number, userAgent: string | undefined, now: Date): Promise<string> {
      await db
        .delete(authTokens)
        .where(and(eq(authTokens.userId, userId), or(expired(now), lte(authTokens.expiresAt, now))));
      return insertKey({ userId, userAgent, createdAt: now });
    },

    /** The token stored under this key hash, with its user (see TokenLookup), or undefined. */
    async lookup(keyHash: string): Promise<TokenLookup | undefined> {
      const [row] = await db
        .select({
          user: users,
          token: authTokens,
          plans: planPeriodsSql(users.id),
          creator: { id: creators.id, email: creators.email, isStaff: creators.isStaff },
        })
        .from(authTokens)
        .innerJoin(users, eq(users.id, authTokens.userId))
        .leftJoin(creators, eq(creators.id, authTokens.createdBy))
        .where(eq(authTokens.keyHash, keyHash));
      return row;
    },

    /**
     * Issues a token with which staff member `createdBy` views the app as `userId` until
     * `expiresAt`; the staff member's expired ones are cleared on the way.
     */
    async issueImpersonation(
      userId: number,
      createdBy: number,
      userAgent: string | undefined,
      now: Date,
      expiresAt: Date,
    ): Promise<string> {
      await db
        .delete(authTokens)
        .where(
          and(
            eq(authTokens.createdBy, createdBy),
            eq(authTokens.kind, 'impersonation'),
            lte(authTokens.expiresAt, now),
          ),
        );
      return insertKey({ userId, userAgent, createdAt: now, kind: 'impersonation', expiresAt, createdBy });
    },

    async markUsed(tokenId: number, now: Date): Promise<void> {
      await db.update(authTokens).set({ lastUsedAt: now }).where(eq(authTokens.id, tokenId));
    },

    /** The user's live sign-ins (not staff views as them), most recently used first. */
    async listLive(userId: number, now: Date): Promise<TokenRow[]> {
      return db
        .select()
        .from(authTokens)
        .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, 'session'), live(now)))
        .orderBy(desc(lastSeen), desc(authTokens.id));
    },

    async revoke(tokenId: number): Promise<void> {
      await db.delete(authTokens).where(eq(authTokens.id, tokenId));
    },

    /** Revokes one of the user's own tokens; false when no such token of theirs exists. */
    async revokeOwn(userId: number, tokenId: number): Promise<boolean> {
      const rows = await db
        .delete(authTokens)
        .where(and(eq(authTokens.id, tokenId), eq(authTokens.userId, userId)))
        .returning({ id: authTokens.id });
      return rows.length === 1;
    },

    /** After a password reset, or "sign out everywhere", every device signs in again. */
    async revokeAll(userId: number): Promise<void> {
      await db.delete(authTokens).where(eq(authTokens.userId, userId));
    },

    /** After a password change every other device signs in again; the one that changed it stays. */
    async revokeAllExcept(userId: number, keptTokenId: number): Promise<void> {
      await db.delete(authTokens).where(and(eq(authTokens.userId, userId), ne(authTokens.id, keptTokenId)));
    },
  };
}
