import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { loginCodes, passwordResetTokens } from '../../db/schema.ts';

/** A reset link that is neither used nor expired. */
const liveReset = (now: Date) => and(isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now));

/** Emailed secrets: password reset links and sign-in codes, stored hashed. */
export function secretsRepository(db: Executor) {
  return {
    /** The newest live link made after `since`: the resend wait counts from it. */
    async latestLiveResetSince(userId: number, since: Date, now: Date) {
      const [row] = await db
        .select()
        .from(passwordResetTokens)
        .where(and(eq(passwordResetTokens.userId, userId), liveReset(now), gt(passwordResetTokens.createdAt, since)))
        .orderBy(desc(passwordResetTokens.createdAt))
        .limit(1);
      return row;
    },

    async createReset(userId: number, tokenHash: string, createdAt: Date, expiresAt: Date) {
      await db.insert(passwordResetTokens).values({ userId, tokenHash, createdAt, expiresAt });
    },

    /** Marks a live token used and returns its user; undefined when unknown, used or expired. */
    async consumeReset(tokenHash: string, now: Date): Promise<number | undefined> {
      const [row] = await db
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.tokenHash, tokenHash), liveReset(now)))
        .returning({ userId: passwordResetTokens.userId });
      return row?.userId;
    },

    /** Spends every live reset link of the user: a password changed since makes them moot. */
    async expireResets(userId: number, now: Date): Promise<void> {
      await db
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.userId, userId), liveReset(now)));
    },

    async findLiveReset(tokenHash: string, now: Date) {
      const [row] = await db
        .select()
        .from(passwordResetTokens)
        .where(and(eq(passwordResetTokens.tokenHash, tokenHash), liveReset(now)));
      return row;
    },

    /** A new code replaces any earlier one: only the latest can be used. */
    async createCode(userId: number, codeHash: string, createdAt: Date, expiresAt: Date) {
      await db
        .update(loginCodes)
        .set({ usedAt: createdAt })
        .where(and(eq(loginCodes.userId, userId), isNull(loginCodes.usedAt)));
      await db.insert(loginCodes).values({ userId, codeHash, createdAt, expiresAt });
    },

    async latestLiveCode(userId: number, now: Date) {
      const [row] = await db
        .select()
        .from(loginCodes)
        .where(and(eq(loginCodes.userId, userId), isNull(loginCodes.usedAt), gt(loginCodes.expiresAt, now)))
        .orderBy(desc(loginCodes.createdAt))
        .limit(1);
      return row;
    },

    /** Counts a wrong guess atomically; returns the attempts made so far. */
    async recordCodeAttempt(codeId: number): Promise<number> {
      const [row] = await db
        .update(loginCodes)
        .set({ attempts: sql`${loginCodes.attempts} + 1` })
        .where(eq(loginCodes.id, codeId))
        .returning({ attempts: loginCodes.attempts });
      return row?.attempts ?? Number.MAX_SAFE_INTEGER;
    },

    /** Single use even under concurrent verifications: only one UPDATE can flip used_at. */
    async consumeCode(codeId: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(loginCodes)
        .set({ usedAt: now })
        .where(and(eq(loginCodes.id, codeId), isNull(loginCodes.usedAt)))
        .returning({ id: loginCodes.id });
      return rows.length === 1;
    },
  };
}
