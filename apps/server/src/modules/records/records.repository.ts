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
        userId: sql<number>`user_id`,
        id: sql<number>`id`,
        vocaId: sql<number>`voca_id`,
        createdAt: sql<Date>`created_at`.mapWith(table.createdAt),
      })
      .from(
        sql`mark_words(${sql.placeholder('learners')}, ${sql.placeholder('words')}, ${table === vocaHardRecords},
                       ${lockClassKey('learnerProgress')}, ${sql.placeholder('firstCard')})`,
      )
      .prepare(name),
  );

/** Words to mark: the learner of each at the same index. */
export interface Marks {
  learners: number[];
  words: number[];
}

export function recordsRepository(db: Executor, table: RecordTable) {
  return {
    /** A learner's records are read on every page: one prepared statement per database and table. */
    list: (userId: number) => listQuery(db, table).execute({ userId }),

    /**
     * Marks each word for its learner in this set: migration 0019's mark_words, which takes the
     * learners' locks, removes the words from the opposite set, schedules them with `firstCard` where
     * they have no card yet (its fields are named as review_cards' columns), and adds them here, in one
     * transaction. A word already here keeps its row; every pair's row is answered.
     */
    mark: ({ learners, words }: Marks, firstCard: Card) =>
      markQuery(db, table).execute({ learners, words, firstCard: JSON.stringify(firstCard) }),

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
