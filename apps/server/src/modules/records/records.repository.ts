import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { vocaHardRecords, vocaRecords } from '../../db/schema.ts';

/** Known and challenging words share one shape; each set is the other's opposite. */
export type RecordTable = typeof vocaRecords | typeof vocaHardRecords;
export const opposite = (table: RecordTable): RecordTable => (table === vocaRecords ? vocaHardRecords : vocaRecords);

export function recordsRepository(db: Executor, table: RecordTable) {
  return {
    list(userId: number) {
      return db
        .select({ id: table.id, vocaId: table.vocaId, createdAt: table.createdAt })
        .from(table)
        .where(eq(table.userId, userId))
        .orderBy(asc(table.id));
    },

    /** The unique index, not a prior read, keeps one row per word under concurrent requests. */
    async add(userId: number, vocaIds: number[]) {
      await db
        .insert(table)
        .values(vocaIds.map((vocaId) => ({ userId, vocaId })))
        .onConflictDoNothing({ target: [table.userId, table.vocaId] });
      return db
        .select({ id: table.id, vocaId: table.vocaId, createdAt: table.createdAt })
        .from(table)
        .where(and(eq(table.userId, userId), inArray(table.vocaId, vocaIds)))
        .orderBy(asc(table.id));
    },

    async remove(userId: number, vocaIds: number[]) {
      await db.delete(table).where(and(eq(table.userId, userId), inArray(table.vocaId, vocaIds)));
    },

    async has(userId: number, vocaId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.userId, userId), eq(table.vocaId, vocaId)));
      return row !== undefined;
    },
  };
}
