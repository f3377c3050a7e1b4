import type { RecordSet, ReviewGrade, VocaRecord } from '@vocagarden/contract';
import { lockForTransaction } from '../../db/locks.ts';
import { vocaHardRecords, vocaRecords } from '../../db/schema.ts';
import { unchanging } from '../../lib/unchanging.ts';
import type { Services } from '../../services.ts';
import { reviewsService } from '../study/reviews.service.ts';
import { entitlements } from '../premium/entitlements.ts';
import { vocabularyPolicy } from '../vocabulary/vocabulary.policy.ts';
import { marksTogether } from './marks-together.ts';
import { serializeRecord } from './record.serializer.ts';
import { opposite, recordsRepository, type RecordTable } from './records.repository.ts';

const tables: Record<RecordSet, RecordTable> = { known: vocaRecords, hard: vocaHardRecords };

/**
 * Known and challenging words. Marking a word in one set removes it from the other, atomically
 * under the learner's progress lock, and puts it on the learner's review schedule. With a cache,
 * the lists are read from memory; this instance forgets a learner's as soon as it changes them, and
 * the others when the database announces it (decision 030).
 */
export function recordsService({
  db,
  now,
  accounts,
  records: cache,
  catalogue,
}: Pick<Services, 'db' | 'now' | 'accounts' | 'records' | 'catalogue'>) {
  const words = vocabularyPolicy(db, entitlements(db, now, accounts), catalogue);
  const reviews = reviewsService(db, now);
  const markingIn = (set: RecordSet, grade: ReviewGrade) =>
    marksTogether((marks) => recordsRepository(db, tables[set]).mark(marks, reviews.firstCard(grade)));
  const marking = { known: markingIn('known', 'good'), hard: markingIn('hard', 'again') };

  return {
    async list(set: RecordSet, userId: number): Promise<VocaRecord[]> {
      const key = `${set}:${userId}`;
      const cached = cache?.get(key);
      if (cached) return cached.records;
      const ticket = cache?.ticket() ?? 0;
      const records = (await recordsRepository(db, tables[set]).list(userId)).map(serializeRecord);
      // The same list answers every request until the learner's records change.
      if (cache) cache.store(key, { userId, records: unchanging(records) }, ticket);
      return records;
    },

    /**
     * One prepared call (decision 026), shared with the marks other learners make at the same moment
     * (decision 031): out of the opposite set, onto the schedule, into this set, under the lock.
     */
    async mark(set: RecordSet, userId: number, vocaIds: number[]) {
      const ids = [...new Set(vocaIds)];
      await words.assertUsableWords(userId, ids);
      const rows = await marking[set].mark(userId, ids);
      cache?.dropUser(userId);
      return rows.sort((a, b) => a.id - b.id);
    },

    /** A word in neither set leaves the review schedule. */
    async unmark(set: RecordSet, userId: number, vocaId: number): Promise<void> {
      const table = tables[set];
      await db.transaction(async (tx) => {
        await lockForTransaction(tx, 'learnerProgress', userId);
        await recordsRepository(tx, table).remove(userId, [vocaId]);
        const elsewhere = await recordsRepository(tx, opposite(table)).has(userId, vocaId);
        if (!elsewhere) await reviewsService(tx, now).forget(userId, [vocaId]);
      });
      cache?.dropUser(userId);
    },
  };
}
