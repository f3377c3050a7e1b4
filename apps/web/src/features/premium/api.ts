import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callFirstPage } from '../../lib/lazy-endpoints.ts';
import { useAuth } from '../auth/index.ts';

const subscriptionsQueryKey = ['premium-subscriptions'] as const;
const orderQueryKey = (id: number) => ['premium-order', id] as const;

/** The learner's premium subscriptions (loaded once per signed-in session, see the records loader). */
export function usePremiumSubscriptions() {
  const { token } = useAuth();
  return useQuery({
    queryKey: subscriptionsQueryKey,
    queryFn: () => callFirstPage((api) => api.premiumEndpoints.subscriptions),
    staleTime: 5 * 60_000,
    enabled: token !== null,
  });
}

/** Plans, the live offer and the word packs' sizes: public, the same for everyone. */
export function usePremiumCatalogue() {
  return useQuery({
    queryKey: ['premium-plans'],
    queryFn: () => callFirstPage((api) => api.premiumEndpoints.plans),
    staleTime: 5 * 60_000,
  });
}

/** One order of the caller's; while it is pending, asks again every 1.5 s until `pollUntil`. */
export function useOrder(id: number | null, { pollUntil }: { pollUntil?: number } = {}) {
  return useQuery({
    queryKey: orderQueryKey(id ?? 0),
    queryFn: () => callFirstPage((api) => api.premiumEndpoints.order, { params: { id: String(id) } }),
    enabled: id !== null,
    refetchInterval: (query) =>
      pollUntil !== undefined && query.state.data?.status === 'pending' && Date.now() < pollUntil ? 1500 : false,
  });
}

export function useSandboxOutcome(orderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (outcome: 'paid' | 'declined') =>
      callFirstPage((api) => api.premiumEndpoints.sandboxOutcome, {
        params: { orderId: String(orderId) },
        body: { outcome },
      }),
    onSuccess: (order) => client.setQueryData(orderQueryKey(order.id), order),
  });
}

/**
 * After a payment: everything is asked for again — the profile, the subscriptions, every list and
 * category (and whatever else premium may change), so a list that was locked opens without a
 * reload. Lists that failed with premium_required are dropped rather than refetched in place, so
 * their old error never shows while they load.
 */
export function useRefreshAfterPayment() {
  const client = useQueryClient();
  const { reloadUser } = useAuth();
  return useCallback(async () => {
    client.removeQueries({ queryKey: ['bulletin'] });
    await Promise.all([reloadUser(), client.invalidateQueries()]);
  }, [client, reloadUser]);
}
