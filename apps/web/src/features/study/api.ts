import { apiPaths, type DueReviews, type FinishedSession, type ReviewGrade } from '@vocagarden/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export function useDueReviews(enabled: boolean) {
  return useQuery({
    queryKey: ['reviews', 'due'],
    queryFn: () => api.get<DueReviews>(apiPaths.dueReviews),
    enabled,
    staleTime: 0,
  });
}

export const sendReviewAnswer = (vocaId: number, grade: ReviewGrade) =>
  api.post(apiPaths.reviews, { voca_id: vocaId, grade }).catch(() => undefined);

export const saveFinishedSession = (session: FinishedSession) => api.post(apiPaths.studySessions, session);
