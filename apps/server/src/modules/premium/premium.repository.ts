import { and, asc, count, desc, eq, getTableName, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { bulletins, offers, plans, premiumSubscriptions, vocas } from '../../db/schema.ts';

export type SubscriptionRow = typeof premiumSubscriptions.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type NewPlan = typeof plans.$inferInsert;
export type OfferRow = typeof offers.$inferSelect;

/** One premium plan's period: what a learner's premium status at any moment is worked out from. */
export interface PlanPeriod {
  start: Date;
  end: Date;
}

/**
 * The learner's plans, as one subquery (a learner buys a few). A signed-in account carries them, and
 * its cached copy stays right as time passes (see premiumUntil), so the profile needs no query of its own.
 */
export function planPeriodsSql(userId: AnyPgColumn): SQL<PlanPeriod[]> {
  // Qualified by hand: Drizzle leaves columns unqualified in one-table queries, and inside the
  // subquery a bare "id" would name the subscription's id.
  const outer = sql`${sql.identifier(getTableName(userId.table))}.${sql.identifier(userId.name)}`;
  return sql`(SELECT coalesce(json_agg(json_build_array(s.start_date, s.end_date)), '[]')
              FROM ${premiumSubscriptions} s
              WHERE s.user_id = ${outer})`.mapWith((periods: [string, string][]) =>
    periods.map(([start, end]) => ({ start: new Date(start), end: new Date(end) })),
  );
}

/**
 * When a learner's premium ends, counting plans already bought to follow the current one; null
 * when no plan is active at `now`. Plans chain end to start, so the latest end among the plans
 * not yet over is the end of the whole run.
 */
export function premiumUntil(periods: readonly PlanPeriod[], now: Date): Date | null {
  const at = now.getTime();
  const ahead = periods.filter((period) => period.end.getTime() > at);
  if (!ahead.some((period) => period.start.getTime() <= at)) return null;
  return new Date(Math.max(...ahead.map((period) => period.end.getTime())));
}

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

    /** The end of the learner's plans not yet over at `now` (active or bought to follow), or null. */
    async latestEnd(userId: number, now: Date): Promise<Date | null> {
      const [row] = await db
        .select({ end: sql`max(${premiumSubscriptions.endDate})`.mapWith(premiumSubscriptions.endDate) })
        .from(premiumSubscriptions)
        .where(and(eq(premiumSubscriptions.userId, userId), gt(premiumSubscriptions.endDate, now)));
      return row?.end ?? null;
    },

    async subscription(id: number): Promise<SubscriptionRow | undefined> {
      const [row] = await db.select().from(premiumSubscriptions).where(eq(premiumSubscriptions.id, id));
      return row;
    },

    async createSubscription(values: typeof premiumSubscriptions.$inferInsert): Promise<SubscriptionRow> {
      const [row] = await db.insert(premiumSubscriptions).values(values).returning();
      return row!;
    },

    activePlans(): Promise<PlanRow[]> {
      return db.select().from(plans).where(eq(plans.active, true)).orderBy(asc(plans.id));
    },

    async plan(id: number): Promise<PlanRow | undefined> {
      const [row] = await db.select().from(plans).where(eq(plans.id, id));
      return row;
    },

    /** Adds the plans whose key is missing; rows already there (perhaps edited) are left alone. */
    async seedPlans(seed: NewPlan[]): Promise<number> {
      if (seed.length === 0) return 0;
      const inserted = await db.insert(plans).values(seed).onConflictDoNothing({ target: plans.key }).returning();
      return inserted.length;
    },

    /**
     * The offer live at `now`. Should windows overlap, the larger discount wins (the learner gets
     * the better price), then the one that started last.
     */
    async liveOffer(now: Date): Promise<OfferRow | undefined> {
      const [row] = await db
        .select()
        .from(offers)
        .where(and(lte(offers.startsAt, now), gt(offers.endsAt, now)))
        .orderBy(desc(offers.discountPercent), desc(offers.startsAt), desc(offers.id))
        .limit(1);
      return row;
    },

    /** The word packs: distinct words in the free official lists, and every word. */
    async packs(): Promise<{ freeWords: number; allWords: number }> {
      const word = sql`unnest(${bulletins.wordIds})`;
      const [[free], [all]] = await Promise.all([
        db.select({ count: sql<number>`count(DISTINCT w.id)`.mapWith(Number) }).from(
          db
            .select({ id: word.as('id') })
            .from(bulletins)
            .where(and(sql`${bulletins.ownerId} IS NULL`, eq(bulletins.isPremium, false)))
            .as('w'),
        ),
        db.select({ count: count() }).from(vocas),
      ]);
      return { freeWords: free?.count ?? 0, allWords: all?.count ?? 0 };
    },
  };
}
export type PremiumRepository = ReturnType<typeof premiumRepository>;

export function subscriptionStatus(row: SubscriptionRow, now: Date): 'Active' | 'Expired' {
  return row.startDate <= now && row.endDate > now ? 'Active' : 'Expired';
}
