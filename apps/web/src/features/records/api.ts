import { recordsEndpoints, studyEndpoints, type RecordSet, type VocaRecord } from '@vocagarden/contract';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/snackbar-provider.tsx';
import { call } from '../../lib/api-client.ts';

const recordsQuery = (set: RecordSet) =>
  queryOptions({
    queryKey: ['records', set] as const,
    queryFn: () => call(recordsEndpoints[set].list),
    staleTime: 60_000,
  });
/** The records' cache key, typed with their data. */
const recordsKey = (set: RecordSet) => recordsQuery(set).queryKey;

/** The learner's known or challenging word records. */
export function useRecords(set: RecordSet) {
  return useQuery(recordsQuery(set));
}

/** The learner's known or challenging word ids, as a set for quick lookups. */
export function useRecordIds(set: RecordSet): { ids: Set<number>; isPending: boolean; isError: boolean } {
  const query = useRecords(set);
  const ids = useMemo(() => new Set((query.data ?? []).map((record) => record.voca_id)), [query.data]);
  return { ids, isPending: query.isPending, isError: query.isError };
}

const provenQuery = queryOptions({
  queryKey: ['proven'] as const,
  queryFn: () => call(studyEndpoints.provenWords),
  staleTime: 60_000,
});
/** Practice answers change what is proven: the study session marks this key stale as it goes. */
export const provenQueryKey = provenQuery.queryKey;

/** The ids of the words the learner has proven in practice (decision 020), as a set. */
export function useProvenIds(): { ids: Set<number>; isPending: boolean } {
  const query = useQuery(provenQuery);
  const ids = useMemo(() => new Set((query.data ?? []).map((word) => word.voca_id)), [query.data]);
  return { ids, isPending: query.isPending };
}

type Change = { action: 'mark'; set: RecordSet; ids: number[] } | { action: 'unmark'; set: RecordSet; id: number };

function applyLocally(client: QueryClient, change: Change) {
  const now = new Date().toISOString();
  const update = (set: RecordSet, fn: (rows: VocaRecord[]) => VocaRecord[]) =>
    client.setQueryData(recordsKey(set), (rows = []) => fn(rows));
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
        ? call(recordsEndpoints[change.set].mark, { body: { voca_ids: change.ids } })
        : call(recordsEndpoints[change.set].unmark, { params: { vocaId: change.id } }),
    async onMutate(change) {
      await client.cancelQueries({ queryKey: ['records'] });
      const previous = {
        known: client.getQueryData(recordsKey('known')),
        hard: client.getQueryData(recordsKey('hard')),
      };
      applyLocally(client, change);
      return previous;
    },
    onError(_error, _change, previous) {
      if (previous) {
        client.setQueryData(recordsKey('known'), previous.known);
        client.setQueryData(recordsKey('hard'), previous.hard);
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
