import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { userActions, users } from '../../db/schema.ts';
import { planPeriodsSql, premiumUntil } from '../premium/premium.repository.ts';

export type UserRow = typeof users.$inferSelect;
/** A user with when their premium ends (null when not premium at the time asked): what the API's user object needs. */
export type ProfileRow = UserRow & { premiumUntil: Date | null };
export type NewUser = typeof users.$inferInsert;
/** Identity columns (id, email, join date) never change through an update. */
export type UserChanges = Partial<Omit<NewUser, 'id' | 'email' | 'dateJoined'>>;

export function usersRepository(db: Executor) {
  return {
    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    /** The user and their premium status at `now`, in one query. */
    async findProfile(id: number, now: Date): Promise<ProfileRow | undefined> {
      const [row] = await db
        .select({ user: users, plans: planPeriodsSql(users.id) })
        .from(users)
        .where(eq(users.id, id));
      return row ? { ...row.user, premiumUntil: premiumUntil(row.plans, now) } : undefined;
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
      return row;
    },

    /** Undefined when the email is taken (the unique index decides, not a prior read). */
    async create(user: NewUser): Promise<UserRow | undefined> {
      const [row] = await db
        .insert(users)
        .values({ ...user, email: user.email.toLowerCase() })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async update(id: number, changes: UserChanges): Promise<UserRow | undefined> {
      const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      if (Object.keys(defined).length === 0) return this.findById(id);
      const [row] = await db.update(users).set(defined).where(eq(users.id, id)).returning();
      return row;
    },

    async remove(id: number): Promise<void> {
      await db.delete(users).where(eq(users.id, id));
    },

    /** Keeps the learner's time zone as their browser reports it (no write when unchanged). */
    async rememberTimeZone(id: number, timeZone: string): Promise<void> {
      await db
        .update(users)
        .set({ timeZone })
        .where(and(eq(users.id, id), sql`${users.timeZone} IS DISTINCT FROM ${timeZone}`));
    },

    async touchActivity(id: number, at: Date): Promise<void> {
      await db.update(users).set({ lastActivity: at }).where(eq(users.id, id));
    },

    async logAction(userId: number, action: string, details = ''): Promise<void> {
      await db.insert(userActions).values({ userId, action, details });
    },
  };
}
