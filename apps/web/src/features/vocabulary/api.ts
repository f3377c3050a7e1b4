import { apiPaths, type BulletinDetail, type Category, type CefrLevel, type LevelSummary } from '@vocagarden/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { useAuth } from '../auth/auth-provider.tsx';

const withId = (path: string, id: string | number) => path.replace(':id', String(id));

/** Content is translated into the reader's language, so it is cached per language. */
function useLanguageKey() {
  return useAuth().user?.native_language_code ?? 'tr';
}

export function useLevels() {
  return useQuery({
    queryKey: ['levels'],
    queryFn: () => api.get<LevelSummary[]>(apiPaths.levels),
    staleTime: Infinity,
  });
}

export function useCategories(level: CefrLevel) {
  const language = useLanguageKey();
  return useQuery({
    queryKey: ['categories', level, language],
    queryFn: () => api.get<Category[]>(`${apiPaths.categories}?level=${level}`),
    staleTime: Infinity,
  });
}

export function useCategory(id: string) {
  const language = useLanguageKey();
  return useQuery({
    queryKey: ['category', id, language],
    queryFn: () => api.get<Category>(withId(apiPaths.category, id)),
    staleTime: Infinity,
  });
}

export const bulletinQueryKey = (id: string | number) => ['bulletin', String(id)] as const;

export function useBulletin(id: string) {
  const language = useLanguageKey();
  return useQuery({
    queryKey: [...bulletinQueryKey(id), language],
    queryFn: () => api.get<BulletinDetail>(withId(apiPaths.bulletin, id)),
  });
}
