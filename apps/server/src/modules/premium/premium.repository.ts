import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { premiumSubscriptions } from '../../db/schema.ts';

export type SubscriptionRow = typeof premiumSubscriptions.$inferSelect;

export function premiumRepository(db: Executor) {
  return {
    listForUser(userId: number): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(premiumSubscriptions)
        .where(eq(premiumSubscriptions.userId, userId))
        .orderBy(desc(premiumSubscriptions.endDate));
    },

    /** Premium means an active plan right now; plans do not renew by themselves. */
    async isPremium(userId: number, now: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: premiumSubscriptions.id })
        .from(premiumSubscriptions)
        .where(
          and(
            eq(premiumSubscriptions.userId, userId),
            lte(premiumSubscriptions.startDate, now),
            gt(premiumSubscriptions.endDate, now),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
  };
}

export function subscriptionStatus(row: SubscriptionRow, now: Date): 'Active' | 'Expired' {
  return row.startDate <= now && row.endDate > now ? 'Active' : 'Expired';
}
