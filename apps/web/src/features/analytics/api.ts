import { analyticsEndpoints, CHART_MONTHS } from '@vocagarden/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { call } from '../../lib/api-client.ts';
import { readStoredMetrics, storeMetrics, type MetricsGroup } from './metrics-cache.ts';

/** Every query of the staff area lives under this key (invalidated together after a change). */
const ANALYTICS = 'analytics';

/**
 * Spec §9: a staff page's failed load is logged for whoever is looking at the console, not shown
 * as an error; the section falls back to its empty state.
 */
function useLoggedFailure(error: unknown, what: string) {
  useEffect(() => {
    if (error) console.error(`Analytics: loading ${what} failed`, error);
  }, [error, what]);
}

/**
 * A metric group: painted at once from the figures stored at the previous visit, refreshed from
 * the server, stored again. `previous` is the baseline each card's change is measured from; it is
 * read once per visit, so refetches within a visit keep measuring from the same point.
 */
export function useMetrics<T extends object>(group: MetricsGroup, schema: z.ZodType<T>, fetch: () => Promise<T>) {
  const [previous] = useState(() => readStoredMetrics(group, schema));
  const query = useQuery({
    queryKey: [ANALYTICS, group],
    queryFn: fetch,
    initialData: previous?.values,
    initialDataUpdatedAt: previous ? Date.parse(previous.at) : undefined,
    staleTime: 0,
  });
  useLoggedFailure(query.error, group);
  const fresh = query.isFetchedAfterMount && !query.isError;
  useEffect(() => {
    if (fresh && query.data) storeMetrics(group, query.data, new Date(query.dataUpdatedAt));
  }, [fresh, group, query.data, query.dataUpdatedAt]);
  return { values: query.data, previous: previous?.values, fresh, loading: query.isPending };
}

export function useCharts() {
  const query = useQuery({ queryKey: [ANALYTICS, 'charts'], queryFn: () => call(analyticsEndpoints.charts) });
  useLoggedFailure(query.error, 'charts');
  return query;
}

/** The newest signup cohorts, oldest first, for the conversion chart. */
export function useCohorts() {
  const query = useQuery({
    queryKey: [ANALYTICS, 'cohorts'],
    queryFn: async () => {
      const page = await call(analyticsEndpoints.premiumAnalysis, {
        query: { page: 1, page_size: CHART_MONTHS, ordering: '-signup_month' },
      });
      return page.results.toReversed();
    },
  });
  useLoggedFailure(query.error, 'cohorts');
  return query;
}

/** What a staff table asks the server for: a page, a search, and one of its sortable fields. */
export interface TableRequest<Field extends string> {
  page: number;
  page_size: number;
  search?: string;
  ordering?: Field | `-${Field}`;
}

export interface TablePage<Row> {
  count: number;
  results: Row[];
}

/** One page of a staff table, as the server paged, sorted and searched it. */
export function useTablePage<Row, Field extends string>(
  name: string,
  fetchPage: (request: TableRequest<Field>) => Promise<TablePage<Row>>,
  request: TableRequest<Field>,
) {
  const result = useQuery({
    queryKey: [ANALYTICS, 'table', name, request],
    queryFn: () => fetchPage(request),
    // The grid keeps showing the last page while the next one loads.
    placeholderData: keepPreviousData,
  });
  useLoggedFailure(result.error, name);
  return result;
}

export function useUserInfo(userId: number) {
  const query = useQuery({
    queryKey: [ANALYTICS, 'user', userId],
    queryFn: () => call(analyticsEndpoints.userInfo, { query: { user_id: userId } }),
  });
  useLoggedFailure(query.error, `user ${userId}`);
  return query;
}

/** Reloads a user's page data, e.g. after a token was issued (it is logged among their actions). */
export function useRefreshUserInfo(userId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [ANALYTICS, 'user', userId] });
}

export function useResolveIssueReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, resolved }: { id: number; resolved: boolean }) =>
      call(analyticsEndpoints.resolveIssueReport, { params: { id }, body: { resolved } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ANALYTICS, 'table', 'issueReports'] }),
  });
}
