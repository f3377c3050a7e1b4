import { vocabularyEndpoints, type CefrLevel } from '@vocagarden/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { useNativeLanguage } from '../auth/index.ts';

export function useLevels() {
  return useQuery({
    queryKey: ['levels'],
    queryFn: () => call(vocabularyEndpoints.levels),
    staleTime: Infinity,
  });
}

/** Content is translated into the reader's language, so it is cached per language. */
export function useCategories(level: CefrLevel) {
  const language = useNativeLanguage();
  return useQuery({
    queryKey: ['categories', level, language],
    queryFn: () => call(vocabularyEndpoints.categories, { query: { level } }),
    staleTime: Infinity,
  });
}

export function useCategory(id: string) {
  const language = useNativeLanguage();
  return useQuery({
    queryKey: ['category', id, language],
    queryFn: () => call(vocabularyEndpoints.category, { params: { id } }),
    staleTime: Infinity,
  });
}
