import { apiPaths, type ListSummary, type Voca } from '@vocagarden/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { bulletinQueryKey } from '../vocabulary/api.ts';

export const myListsQueryKey = ['my-lists'] as const;
const bulletinPath = (id: number) => apiPaths.bulletin.replace(':id', String(id));

export function useMyLists() {
  return useQuery({ queryKey: myListsQueryKey, queryFn: () => api.get<ListSummary[]>(apiPaths.bulletins) });
}

/** Every change to a list refreshes the list overview and that list's page. */
function useListMutation<T>(mutationFn: (input: T) => Promise<unknown>, listId?: (input: T) => number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async (_data, _error, input) => {
      await client.invalidateQueries({ queryKey: myListsQueryKey });
      if (listId) await client.invalidateQueries({ queryKey: bulletinQueryKey(listId(input)) });
    },
  });
}

export const useCreateList = () =>
  useListMutation((title: string) => api.post<ListSummary>(apiPaths.bulletins, { title }));

export const useRenameList = () =>
  useListMutation(
    ({ id, title }: { id: number; title: string }) => api.patch<ListSummary>(bulletinPath(id), { title }),
    ({ id }) => id,
  );

export const useDeleteList = () => useListMutation((id: number) => api.delete(bulletinPath(id)));

export const useAddWords = () =>
  useListMutation(
    ({ id, vocaIds }: { id: number; vocaIds: number[] }) =>
      api.post<ListSummary>(apiPaths.bulletinWords.replace(':id', String(id)), { voca_ids: vocaIds }),
    ({ id }) => id,
  );

export const useRemoveWord = () =>
  useListMutation(
    ({ id, vocaId }: { id: number; vocaId: number }) =>
      api.delete(apiPaths.bulletinWord.replace(':id', String(id)).replace(':vocaId', String(vocaId))),
    ({ id }) => id,
  );

export function useWordSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: ['word-search', q],
    queryFn: () => api.get<Voca[]>(`${apiPaths.vocaSearch}?q=${encodeURIComponent(q)}&limit=10`),
    enabled: q.length > 0,
    staleTime: 60_000,
  });
}
