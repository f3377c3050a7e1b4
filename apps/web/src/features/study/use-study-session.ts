import { useCallback, useReducer } from 'react';
import { outcome, sessionReducer, summary, unsavedResults, type SessionState } from './session.ts';
import { useReviewAnswers, useSavedResults, useSessionRecord } from './use-session-sync.ts';

/** Runs one study or review session, kept in step with the server: marks, review answers, the finished session. */
export function useStudySession(initial: SessionState, bulletinId: number | null) {
  const [state, dispatch] = useReducer(sessionReducer, initial);
  useReviewAnswers(state.feedback);
  useSavedResults(
    unsavedResults(state).map((item) => ({ id: item.id, outcome: outcome(item) })),
    useCallback((itemId: number) => dispatch({ type: 'saved', itemId }), []),
  );
  useSessionRecord(state.phase === 'end', { kind: state.mode, ...summary(state) }, bulletinId);
  return [state, dispatch] as const;
}
