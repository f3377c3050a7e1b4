import type { RecordSet } from '@vocagarden/contract';
import { lockForTransaction } from '../../db/locks.ts';
import { vocaHardRecords, vocaRecords } from '../../db/schema.ts';
import type { Services } from '../../services.ts';
import { reviewsService } from '../study/reviews.service.ts';
import { entitlements } from '../premium/entitlements.ts';
import { vocabularyPolicy } from '../vocabulary/vocabulary.policy.ts';
import { opposite, recordsRepository, type RecordTable } from './records.repository.ts';

const tables: Record<RecordSet, RecordTable> = { known: vocaRecords, hard: vocaHardRecords };

/**
 * Known and challenging words. Marking a word in one set removes it from the other, in one
 * transaction under the learner's progress lock, and puts it on the learner's review schedule.
 */
export function recordsService({ db, now }: Pick<Services, 'db' | 'now'>) {
  const words = vocabularyPolicy(db, entitlements(db, now));

  return {
    list: (set: RecordSet, userId: number) => recordsRepository(db, tables[set]).list(userId),

    async mark(set: RecordSet, userId: number, vocaIds: number[]) {
      const ids = [...new Set(vocaIds)];
      await words.assertUsableWords(userId, ids);
      const table = tables[set];
      return db.transaction(async (tx) => {
        await lockForTransaction(tx, 'learnerProgress', userId);
        await recordsRepository(tx, opposite(table)).remove(userId, ids);
        await reviewsService(tx, now).schedule(userId, ids, set === 'known' ? 'good' : 'again');
        return recordsRepository(tx, table).add(userId, ids);
      });
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
    },
  };
}
