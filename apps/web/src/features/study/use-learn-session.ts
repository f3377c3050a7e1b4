import { useCallback, useReducer } from 'react';
import { learnReducer, learnSummary, unsavedLearnResults, type LearnState } from './learn.ts';
import { useReviewAnswers, useSavedResults, useSessionRecord } from './use-session-sync.ts';

/** Runs one Learn session, kept in step with the server like the typing session (a session on a list). */
export function useLearnSession(initial: LearnState, bulletinId: number) {
  const [state, dispatch] = useReducer(learnReducer, initial);
  useReviewAnswers(state.feedback);
  useSavedResults(
    unsavedLearnResults(state),
    useCallback((itemId: number) => dispatch({ type: 'saved', itemId }), []),
  );
  useSessionRecord(state.phase === 'end', { kind: 'list', ...learnSummary(state) }, bulletinId);
  return [state, dispatch] as const;
}
