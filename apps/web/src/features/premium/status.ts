import { useAuth } from '../auth/index.ts';

export interface PremiumStatus {
  /** False until the profile is in: callers show neither locks nor "premium" before that. */
  known: boolean;
  isPremium: boolean;
  /** When premium ends, counting plans already bought to follow the current one (ISO-8601); null without premium. */
  premiumUntil: string | null;
}

/**
 * Whether the signed-in learner has premium now, and until when: the profile's is_premium and
 * premium_until, which the server computes by the rule it enforces. Signed out: never premium.
 */
export function usePremiumStatus(): PremiumStatus {
  const { token, user } = useAuth();
  if (token === null) return { known: true, isPremium: false, premiumUntil: null };
  if (!user) return { known: false, isPremium: false, premiumUntil: null };
  return { known: true, isPremium: user.is_premium, premiumUntil: user.is_premium ? user.premium_until : null };
}

/** Premium means an active plan now (the server enforces the same rule on every premium call). */
export function useIsPremium(): boolean {
  return usePremiumStatus().isPremium;
}
