import type { Executor } from '../../db/client.ts';
import { forbidden, notAuthenticated, notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../auth/tokens.repository.ts';
import type { EntitlementsService } from '../premium/entitlements.ts';
import type { BulletinRow } from '../vocabulary/vocabulary.repository.ts';
import { listsRepository } from './lists.repository.ts';

/**
 * Who may read a list: an official list anyone (a premium one needs the plan); a personal list
 * its owner and, read-only, members of a classroom it is shared into. To anyone else a personal
 * list does not exist (404), so sequential ids reveal nothing.
 */
export function listsPolicy(db: Executor, entitlements: EntitlementsService) {
  const lists = listsRepository(db);
  return {
    async readable(listId: number, caller: Authenticated | null): Promise<BulletinRow> {
      const list = await lists.byId(listId);
      if (!list) throw notFound();
      const userId = caller?.user.id;
      if (list.ownerId !== null && list.ownerId !== userId) {
        if (userId === undefined || !(await lists.sharedWith(list.id, userId))) throw notFound();
      }
      if (list.isPremium && !(await entitlements.of(userId)).premiumLists) {
        throw userId === undefined ? notAuthenticated() : forbidden('premium_required');
      }
      return list;
    },
  };
}
