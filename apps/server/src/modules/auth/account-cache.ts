import { AnnouncedCache } from '../../db/announced-cache.ts';
import type { PlanPeriod } from '../premium/premium.repository.ts';
import type { TokenLookup } from './tokens.repository.ts';

/** The channel the database's triggers announce account changes on (migration 0016). */
export const ACCOUNT_CHANGES_CHANNEL = 'vocagarden_accounts';

/**
 * Signed-in accounts by token hash, so an authenticated request needs no query to know who is
 * calling (decision 026). A change to a user, their tokens or their premium plans drops the
 * entries of that user, as the account or as the staff member behind an impersonation token.
 */
export class AccountCache extends AnnouncedCache<TokenLookup> {
  constructor() {
    super({
      channel: ACCOUNT_CHANGES_CHANNEL,
      usersOf: (lookup) => (lookup.creator ? [lookup.user.id, lookup.creator.id] : [lookup.user.id]),
      lifetimeMs: 60_000,
      // A school's worth of signed-in devices.
      maxWeight: 20_000,
    });
  }

  /** A signed-in user's premium plans, when one of their tokens is held (entitlements then need no query). */
  plansOf(userId: number): PlanPeriod[] | undefined {
    for (const lookup of this.valuesOf(userId)) {
      if (lookup.user.id === userId) return lookup.plans;
    }
    return undefined;
  }
}
