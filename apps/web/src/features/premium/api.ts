import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
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
export function usePremiumCatalogue({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['premium-plans'],
    queryFn: () => callFirstPage((api) => api.premiumEndpoints.plans),
    staleTime: 5 * 60_000,
    enabled,
  });
}

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
export async function refreshAfterPayment(client: QueryClient) {
  client.removeQueries({ queryKey: ['bulletin'] });
  await client.invalidateQueries();
}

export function useRefreshAfterPayment() {
  const client = useQueryClient();
  return useCallback(() => refreshAfterPayment(client), [client]);
}
