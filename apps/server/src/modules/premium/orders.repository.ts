import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type PaymentProviderName = OrderRow['provider'];

export function ordersRepository(db: Executor) {
  return {
    async create(values: NewOrder): Promise<OrderRow> {
      const [row] = await db.insert(orders).values(values).returning();
      return row!;
    },

    async byId(id: number): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      return row;
    },

    /** The row locked until the transaction ends: whoever holds it decides the order's fate. */
    async byIdForUpdate(id: number): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
      return row;
    },

    async ownedBy(userId: number, id: number): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.userId, userId)));
      return row;
    },

    async byProviderToken(provider: PaymentProviderName, token: string): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.provider, provider), eq(orders.providerToken, token)));
      return row;
    },

    async update(id: number, changes: Partial<NewOrder>): Promise<OrderRow> {
      const [row] = await db.update(orders).set(changes).where(eq(orders.id, id)).returning();
      return row!;
    },
  };
}
