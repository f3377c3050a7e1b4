import { premiumEndpoints } from '@vocagarden/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';

const premiumQuery = {
  queryKey: ['premium-subscriptions'] as const,
  queryFn: () => call(premiumEndpoints.subscriptions),
  staleTime: 5 * 60_000,
};

/** The learner's premium subscriptions (loaded once per signed-in session, see the records loader). */
export function usePremiumSubscriptions() {
  return useQuery(premiumQuery);
}

/** Premium means an Active plan now (the server enforces the same rule on every premium call). */
export function useIsPremium(): boolean {
  const subscriptions = usePremiumSubscriptions();
  return (subscriptions.data ?? []).some((subscription) => subscription.status === 'Active');
}
