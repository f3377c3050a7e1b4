import {
  studyEndpoints,
  vocabularyEndpoints,
  type CefrLevel,
  type FinishedSession,
  type ReviewGrade,
} from '@vocagarden/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { useNativeLanguage } from '../auth/index.ts';

export function useDueReviews(enabled: boolean) {
  return useQuery({
    queryKey: ['reviews', 'due'],
    queryFn: () => call(studyEndpoints.dueReviews),
    enabled,
    staleTime: 0,
  });
}

/**
 * Random words of each level, for Learn mode's wrong options. A level that fails to load is left
 * out (the options then come from other words), so `loading` ends either way.
 */
export function useLevelSamples(levels: readonly CefrLevel[]) {
  const language = useNativeLanguage();
  return useQueries({
    queries: levels.map((level) => ({
      queryKey: ['level-sample', level, language],
      queryFn: () => call(vocabularyEndpoints.levelSample, { query: { level } }),
      staleTime: Infinity,
    })),
    combine: (results) => ({
      loading: results.some((result) => result.isPending),
      words: results.flatMap((result) => result.data ?? []),
    }),
  });
}

export const sendReviewAnswer = (vocaId: number, grade: ReviewGrade) =>
  call(studyEndpoints.answerReview, { body: { voca_id: vocaId, grade } }).catch(() => undefined);

export const saveFinishedSession = (session: FinishedSession) => call(studyEndpoints.finishSession, { body: session });
