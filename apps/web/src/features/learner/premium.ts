import { apiPaths, type PremiumSubscription } from '@vocagarden/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export const premiumQuery = {
  queryKey: ['premium-subscriptions'] as const,
  queryFn: () => api.get<PremiumSubscription[]>(apiPaths.premiumSubscriptions),
  staleTime: 5 * 60_000,
};

/** Premium means an Active plan now (the server enforces the same rule on every premium call). */
export function useIsPremium(): boolean {
  const subscriptions = useQuery(premiumQuery);
  return (subscriptions.data ?? []).some((subscription) => subscription.status === 'Active');
}
