import { PERSONAL_LIST_LIMITS } from '@vocagarden/contract';
import type { Executor } from '../../db/client.ts';
import type { AccountCache } from '../auth/account-cache.ts';
import { premiumRepository, premiumUntil } from './premium.repository.ts';

/** What a plan lets a learner do (spec §6, §9). Every premium rule asks this, nothing else. */
export interface Entitlements {
  premium: boolean;
  /** Official lists marked premium (beyond each level's free start). */
  premiumLists: boolean;
  personalListLimit: number;
  categoryPdf: boolean;
  /** Word videos a learner may watch per word; null is unlimited. */
  videosPerWord: number | null;
}

const FREE: Entitlements = {
  premium: false,
  premiumLists: false,
  personalListLimit: PERSONAL_LIST_LIMITS.free,
  categoryPdf: false,
  videosPerWord: 1,
};

const PREMIUM: Entitlements = {
  premium: true,
  premiumLists: true,
  personalListLimit: PERSONAL_LIST_LIMITS.premium,
  categoryPdf: true,
  videosPerWord: null,
};

/**
 * Anonymous visitors get the free plan's reading rights (and no personal lists: those need an
 * account). A signed-in learner's plans usually come from the account cache (decision 026), which
 * is kept in step with every purchase; otherwise one query asks.
 */
export function entitlements(db: Executor, now: () => Date, accounts?: Pick<AccountCache, 'plansOf'>) {
  const premium = premiumRepository(db);
  return {
    async of(userId: number | null | undefined): Promise<Entitlements> {
      if (userId === null || userId === undefined) return FREE;
      const plans = accounts?.plansOf(userId);
      const isPremium = plans ? premiumUntil(plans, now()) !== null : await premium.isPremium(userId, now());
      return isPremium ? PREMIUM : FREE;
    },
  };
}
export type EntitlementsService = ReturnType<typeof entitlements>;
