import { and, asc, eq, getTableName, inArray, sql } from 'drizzle-orm';
import type { Card } from 'ts-fsrs';
import type { Executor } from '../../db/client.ts';
import { lockClassKey } from '../../db/locks.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { vocaHardRecords, vocaRecords } from '../../db/schema.ts';

/** Known and challenging words share one shape; each set is the other's opposite. */
export type RecordTable = typeof vocaRecords | typeof vocaHardRecords;
export const opposite = (table: RecordTable): RecordTable => (table === vocaRecords ? vocaHardRecords : vocaRecords);

const listQuery = (db: Executor, table: RecordTable) =>
  preparedOnce(db, `${getTableName(table)}_list`, (name) =>
    db
      .select({ id: table.id, vocaId: table.vocaId, createdAt: table.createdAt })
      .from(table)
      .where(eq(table.userId, sql.placeholder('userId')))
      .orderBy(asc(table.id))
      .prepare(name),
  );

const markQuery = (db: Executor, table: RecordTable) =>
  preparedOnce(db, `${getTableName(table)}_mark`, (name) =>
    db
      .select({
        id: sql<number>`id`,
        vocaId: sql<number>`voca_id`,
        createdAt: sql<Date>`created_at`.mapWith(table.createdAt),
      })
      .from(
        sql`mark_words(${sql.placeholder('userId')}, ${sql.placeholder('vocaIds')}, ${table === vocaHardRecords},
                       ${lockClassKey('learnerProgress')}, ${sql.placeholder('firstCard')})`,
      )
      .prepare(name),
  );

export function recordsRepository(db: Executor, table: RecordTable) {
  return {
    /** A learner's records are read on every page: one prepared statement per database and table. */
    list: (userId: number) => listQuery(db, table).execute({ userId }),

    /**
     * Marks these (distinct) words in this set: migration 0018's mark_words, which takes the lock,
     * removes them from the opposite set, schedules them with `firstCard` where they have no card
     * yet (its fields are named as review_cards' columns), and adds them here. A word already here keeps its row; every word's row is answered.
     */
    mark: (userId: number, vocaIds: number[], firstCard: Card) =>
      markQuery(db, table).execute({ userId, vocaIds, firstCard: JSON.stringify(firstCard) }),

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
