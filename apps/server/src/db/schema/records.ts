import { index, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, userId } from './columns.ts';
import { vocas } from './vocabulary.ts';

const recordColumns = () => ({
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: userId(),
  vocaId: integer('voca_id')
    .notNull()
    .references(() => vocas.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/** Words the learner knows ("vocarecords"). One row per word: the unique index makes marking idempotent. */
export const vocaRecords = pgTable('voca_records', recordColumns(), (t) => [
  uniqueIndex('voca_records_user_voca_key').on(t.userId, t.vocaId),
  // Staff analytics (decision 015): words learned today, and since the last rollup.
  index('voca_records_created_at_idx').on(t.createdAt),
]);

/** Words the learner finds challenging ("vocahardrecords"); a word is never in both sets. */
export const vocaHardRecords = pgTable('voca_hard_records', recordColumns(), (t) => [
  uniqueIndex('voca_hard_records_user_voca_key').on(t.userId, t.vocaId),
  index('voca_hard_records_created_at_idx').on(t.createdAt),
]);
