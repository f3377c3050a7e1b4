import { listsEndpoints, vocabularyEndpoints } from '@vocagarden/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { useNativeLanguage } from '../auth/index.ts';

const myListsQueryKey = ['my-lists'] as const;
const bulletinQueryKey = (id: string | number) => ['bulletin', String(id)] as const;

export function useMyLists() {
  return useQuery({ queryKey: myListsQueryKey, queryFn: () => call(listsEndpoints.mine) });
}

/** A list with its words; content is translated into the reader's language, so it is cached per language. */
export function useBulletin(id: string) {
  const language = useNativeLanguage();
  return useQuery({
    queryKey: [...bulletinQueryKey(id), language],
    queryFn: () => call(listsEndpoints.detail, { params: { id } }),
  });
}

/** Every change to a list refreshes the list overview and that list's page. */
function useListMutation<T, R>(mutationFn: (input: T) => Promise<R>, listId?: (input: T) => number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async (_data, _error, input) => {
      await client.invalidateQueries({ queryKey: myListsQueryKey });
      if (listId) await client.invalidateQueries({ queryKey: bulletinQueryKey(listId(input)) });
    },
  });
}

export const useCreateList = () => useListMutation((title: string) => call(listsEndpoints.create, { body: { title } }));

export const useRenameList = () =>
  useListMutation(
    ({ id, title }: { id: number; title: string }) => call(listsEndpoints.rename, { params: { id }, body: { title } }),
    ({ id }) => id,
  );

export const useDeleteList = () => useListMutation((id: number) => call(listsEndpoints.remove, { params: { id } }));

export const useAddWords = () =>
  useListMutation(
    ({ id, vocaIds }: { id: number; vocaIds: number[] }) =>
      call(listsEndpoints.addWords, { params: { id }, body: { voca_ids: vocaIds } }),
    ({ id }) => id,
  );

/** Adds words by English headword (pasted text, or a CSV file's text) and answers what happened to each. */
export const useImportWords = () =>
  useListMutation(
    ({ id, text, format }: { id: number; text: string; format: 'lines' | 'csv' }) =>
      call(listsEndpoints.importWords, { params: { id }, body: { text, format } }),
    ({ id }) => id,
  );

export const useRemoveWord = () =>
  useListMutation(
    ({ id, vocaId }: { id: number; vocaId: number }) => call(listsEndpoints.removeWord, { params: { id, vocaId } }),
    ({ id }) => id,
  );

export function useWordSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: ['word-search', q],
    queryFn: () => call(vocabularyEndpoints.search, { query: { q, limit: 10 } }),
    enabled: q.length > 0,
    staleTime: 60_000,
  });
}

/** A word's video clips, as many as the learner's plan allows, and how many there are; asked for on demand. */
export function useWordVideos(id: number) {
  return useQuery({
    queryKey: ['word-videos', id],
    queryFn: () => call(vocabularyEndpoints.videos, { params: { id } }),
    staleTime: 5 * 60_000,
  });
}
