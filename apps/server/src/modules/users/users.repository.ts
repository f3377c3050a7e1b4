import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { userActions, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
/** Identity columns (id, email, join date) never change through an update. */
export type UserChanges = Partial<Omit<NewUser, 'id' | 'email' | 'dateJoined'>>;

export function usersRepository(db: Executor) {
  return {
    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
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

    async touchActivity(id: number, at: Date): Promise<void> {
      await db.update(users).set({ lastActivity: at }).where(eq(users.id, id));
    },

    async logAction(userId: number, action: string, details = ''): Promise<void> {
      await db.insert(userActions).values({ userId, action, details });
    },
  };
}
