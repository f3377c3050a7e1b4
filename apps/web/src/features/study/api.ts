import { studyEndpoints, type FinishedSession, type ReviewGrade } from '@vocagarden/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';

export function useDueReviews(enabled: boolean) {
  return useQuery({
    queryKey: ['reviews', 'due'],
    queryFn: () => call(studyEndpoints.dueReviews),
    enabled,
    staleTime: 0,
  });
}

export const sendReviewAnswer = (vocaId: number, grade: ReviewGrade) =>
  call(studyEndpoints.answerReview, { body: { voca_id: vocaId, grade } }).catch(() => undefined);

export const saveFinishedSession = (session: FinishedSession) => call(studyEndpoints.finishSession, { body: session });
