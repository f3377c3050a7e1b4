import { campaignEndpoints, type CampaignInput, type UiLanguage } from '@vocagarden/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../lib/api-client.ts';

const CAMPAIGNS = ['analytics', 'campaigns'] as const;

export function useCampaigns() {
  const query = useQuery({ queryKey: CAMPAIGNS, queryFn: () => call(campaignEndpoints.list) });
  useEffect(() => {
    if (query.error) console.error('Analytics: loading the campaigns failed', query.error);
  }, [query.error]);
  return query;
}

export function usePreview(campaignId: number | null, language: UiLanguage) {
  return useQuery({
    queryKey: [...CAMPAIGNS, campaignId, 'preview', language],
    queryFn: () => call(campaignEndpoints.preview, { params: { id: campaignId! }, query: { language } }),
    enabled: campaignId !== null,
  });
}

/** Every change to a campaign reloads the list (and the recipients table, whose rows it fixes). */
export function useCampaignActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['analytics'] });
  return {
    save: useMutation({
      mutationFn: ({ id, input }: { id: number | null; input: CampaignInput }) =>
        id === null
          ? call(campaignEndpoints.create, { body: input })
          : call(campaignEndpoints.update, { params: { id }, body: input }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call(campaignEndpoints.remove, { params: { id } }),
      onSuccess: refresh,
    }),
    test: useMutation({
      mutationFn: ({ id, language }: { id: number; language: UiLanguage }) =>
        call(campaignEndpoints.test, { params: { id }, body: { language } }),
    }),
    send: useMutation({
      mutationFn: ({ id, at }: { id: number; at?: string }) =>
        call(campaignEndpoints.send, { params: { id }, body: at ? { at } : {} }),
      onSuccess: refresh,
    }),
  };
}
