import { apiPaths, type VocaRecord } from '@vocagarden/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/snackbar-provider.tsx';
import { api } from '../../lib/api-client.ts';

export type RecordSet = 'known' | 'hard';
const paths: Record<RecordSet, string> = { known: apiPaths.records, hard: apiPaths.hardRecords };
export const recordsQueryKey = (set: RecordSet) => ['records', set] as const;

export const recordsQuery = (set: RecordSet) => ({
  queryKey: recordsQueryKey(set),
  queryFn: () => api.get<VocaRecord[]>(paths[set]),
  staleTime: 60_000,
});

/** The learner's known or challenging word ids, as a set for quick lookups. */
export function useRecordIds(set: RecordSet): { ids: Set<number>; isPending: boolean; isError: boolean } {
  const query = useQuery(recordsQuery(set));
  const ids = useMemo(() => new Set((query.data ?? []).map((record) => record.voca_id)), [query.data]);
  return { ids, isPending: query.isPending, isError: query.isError };
}

/** Spec §2: known amount = how many of a list's lexicon ids are in the learner's records. */
export function knownAmount(lexicon: string, known: Set<number>): number {
  if (!lexicon) return 0;
  return lexicon.split('-').reduce((total, id) => total + (known.has(Number(id)) ? 1 : 0), 0);
}

export function progressPercent(lexicon: string, quantity: number, known: Set<number>): number {
  return quantity === 0 ? 0 : Math.round((knownAmount(lexicon, known) / quantity) * 100);
}

type Change = { action: 'mark'; set: RecordSet; ids: number[] } | { action: 'unmark'; set: RecordSet; id: number };

function applyLocally(client: QueryClient, change: Change) {
  const now = new Date().toISOString();
  const update = (set: RecordSet, fn: (rows: VocaRecord[]) => VocaRecord[]) =>
    client.setQueryData<VocaRecord[]>(recordsQueryKey(set), (rows = []) => fn(rows));
  if (change.action === 'unmark') {
    update(change.set, (rows) => rows.filter((row) => row.voca_id !== change.id));
    return;
  }
  const marked = new Set(change.ids);
  update(change.set === 'known' ? 'hard' : 'known', (rows) => rows.filter((row) => !marked.has(row.voca_id)));
  update(change.set, (rows) => {
    const present = new Set(rows.map((row) => row.voca_id));
    return [
      ...rows,
      ...change.ids.filter((id) => !present.has(id)).map((id) => ({ id: -id, voca_id: id, created_at: now })),
    ];
  });
}

/**
 * Marks and unmarks words optimistically: the UI changes at once, and rolls back with an error
 * snackbar if the server refuses.
 */
export function useRecordChange(options: { successMessage?: string } = {}) {
  const client = useQueryClient();
  const notify = useNotify();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (change: Change) =>
      change.action === 'mark'
        ? api.post(paths[change.set], { voca_ids: change.ids })
        : api.delete(`${paths[change.set]}${change.id}/`),
    async onMutate(change) {
      await client.cancelQueries({ queryKey: ['records'] });
      const previous = {
        known: client.getQueryData<VocaRecord[]>(recordsQueryKey('known')),
        hard: client.getQueryData<VocaRecord[]>(recordsQueryKey('hard')),
      };
      applyLocally(client, change);
      return previous;
    },
    onError(_error, _change, previous) {
      if (previous) {
        client.setQueryData(recordsQueryKey('known'), previous.known);
        client.setQueryData(recordsQueryKey('hard'), previous.hard);
      }
      notify(t('snackbar.saveFailed'), 'error');
    },
    onSuccess() {
      if (options.successMessage) notify(options.successMessage, 'success');
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['records'] }),
        client.invalidateQueries({ queryKey: ['home'] }),
      ]),
  });
}
