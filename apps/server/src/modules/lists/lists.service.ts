import { forbidden, notFound } from '../../lib/errors.ts';
import { lockForTransaction } from '../../db/locks.ts';
import type { Services } from '../../services.ts';
import type { Authenticated } from '../auth/tokens.repository.ts';
import { entitlements as entitlementsService } from '../premium/entitlements.ts';
import { illustrationUri } from '../vocabulary/content-import.ts';
import { vocabularyPolicy } from '../vocabulary/vocabulary.policy.ts';
import { vocabularyRepository, type BulletinRow } from '../vocabulary/vocabulary.repository.ts';
import { listsPolicy } from './lists.policy.ts';
import { listsRepository } from './lists.repository.ts';

const listPictures = ['seedling', 'sprout', 'tulip', 'sunflower', 'watering-can', 'butterfly', 'bee', 'ladybug'];

/** Personal lists: created within the plan's limit, changed only by their owner. */
export function listsService({ db, now }: Pick<Services, 'db' | 'now'>) {
  const lists = listsRepository(db);
  const vocabulary = vocabularyRepository(db);
  const entitlements = entitlementsService(db, now);
  const policy = listsPolicy(db, entitlements);
  const words = vocabularyPolicy(db, entitlements);

  /** Runs a change on an own list with its row locked, so concurrent edits cannot lose words. */
  function changeOwned(listId: number, userId: number, change: (list: BulletinRow) => number[]) {
    return db.transaction(async (tx) => {
      const repository = listsRepository(tx);
      const list = await repository.ownedForUpdate(listId, userId);
      if (!list) throw notFound();
      return repository.update(list.id, { wordIds: change(list) });
    });
  }

  return {
    readable: policy.readable,

    mine: (userId: number) => lists.listOwned(userId),

    /** The plan's limit is counted under a per-learner lock: parallel creates cannot overshoot it. */
    async create(userId: number, title: string): Promise<BulletinRow> {
      const { personalListLimit } = await entitlements.of(userId);
      return db.transaction(async (tx) => {
        await lockForTransaction(tx, 'personalLists', userId);
        const repository = listsRepository(tx);
        const owned = await repository.countOwned(userId);
        if (owned >= personalListLimit) throw forbidden('premium_required');
        return repository.create(userId, title, illustrationUri(listPictures[owned % listPictures.length]!));
      });
    },

    async rename(listId: number, userId: number, title: string): Promise<BulletinRow> {
      const renamed = await lists.renameOwned(listId, userId, title);
      if (!renamed) throw notFound();
      return renamed;
    },

    async remove(listId: number, userId: number): Promise<void> {
      if (!(await lists.removeOwned(listId, userId))) throw notFound();
    },

    /** In the order added, each word once. */
    async addWords(listId: number, userId: number, vocaIds: number[]): Promise<BulletinRow> {
      // Copying a premium list's words is reading them: the same rule as opening the list.
      await words.assertUsableWords(userId, vocaIds);
      return changeOwned(listId, userId, (list) => [...new Set([...list.wordIds, ...vocaIds])]);
    },

    removeWord: (listId: number, userId: number, vocaId: number) =>
      changeOwned(listId, userId, (list) => list.wordIds.filter((id) => id !== vocaId)),

    /** A readable list with its words, and whether the caller owns it. */
    async detail(listId: number, caller: Authenticated | null) {
      const list = await policy.readable(listId, caller);
      const [category, words] = await Promise.all([
        list.categoryId === null ? undefined : vocabulary.category(list.categoryId),
        vocabulary.vocasByIds(list.wordIds),
      ]);
      return { list, category, words, isOwner: list.ownerId !== null && list.ownerId === caller?.user.id };
    },
  };
}
export type ListsService = ReturnType<typeof listsService>;
