import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { authTokens, users } from '../../db/schema.ts';
import { randomSecret, sha256 } from '../../lib/crypto.ts';
import type { UserRow } from '../users/users.repository.ts';

export interface Authenticated {
  user: UserRow;
  tokenId: number;
}

export function tokensRepository(db: Executor) {
  return {
    /** Issues a new key for one device; the plain key is returned once and never stored. */
    async issue(userId: number, userAgent: string | undefined): Promise<string> {
      const key = randomSecret(32);
      await db.insert(authTokens).values({ userId, keyHash: sha256(key), userAgent: userAgent?.slice(0, 500) });
      return key;
    },

    async authenticate(key: string): Promise<Authenticated | undefined> {
      const [row] = await db
        .select({ user: users, tokenId: authTokens.id })
        .from(authTokens)
        .innerJoin(users, eq(users.id, authTokens.userId))
        .where(eq(authTokens.keyHash, sha256(key)));
      return row;
    },

    async markUsed(tokenId: number): Promise<void> {
      await db
        .update(authTokens)
        .set({ lastUsedAt: sql`now()` })
        .where(eq(authTokens.id, tokenId));
    },

    async revoke(tokenId: number): Promise<void> {
      await db.delete(authTokens).where(eq(authTokens.id, tokenId));
    },

    /** After a password reset every device signs in again: whoever had the old password is out. */
    async revokeAll(userId: number): Promise<void> {
      await db.delete(authTokens).where(eq(authTokens.userId, userId));
    },
  };
}
