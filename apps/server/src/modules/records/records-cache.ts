import type { VocaRecord } from '@vocagarden/contract';
import { AnnouncedCache } from '../../db/announced-cache.ts';

/** The channel the database's triggers announce record changes on (migration 0017). */
export const RECORD_CHANGES_CHANNEL = 'vocagarden_records';

export interface CachedRecords {
  userId: number;
  records: VocaRecord[];
}

/**
 * Learners' known and challenging words as the API answers them, by set and learner (decision 030):
 * every page of the app reads them, and they change only when the learner marks words.
 */
export class RecordsCache extends AnnouncedCache<CachedRecords> {
  constructor() {
    super({
      channel: RECORD_CHANGES_CHANNEL,
      usersOf: (entry) => [entry.userId],
      lifetimeMs: 10 * 60_000,
      // About 20 MB: a school's active learners, a few hundred words each.
      maxWeight: 200_000,
      weigh: (entry) => entry.records.length + 1,
    });
  }
}
