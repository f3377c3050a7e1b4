import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { sendEvent } from '../events/index.ts';
import { useRecordChange } from '../records/index.ts';
import { saveFinishedSession, sendReviewAnswer } from './api.ts';
import { gradeOf, outcome, summary, unsavedResults, type SessionDispatch, type SessionState } from './session.ts';

/** Keeps the server in step with the session: marks, review answers and the finished session, each once. */
export function useSessionSync(state: SessionState, dispatch: SessionDispatch, bulletinId: number | null) {
  const queryClient = useQueryClient();
  const record = useRecordChange();
  const lastFeedback = useRef(state.feedback);
  const finished = useRef(false);

  useEffect(() => {
    // A settled answer (feedback closed) updates the word's review card.
    const previous = lastFeedback.current;
    if (previous && !state.feedback) void sendReviewAnswer(previous.prompt.itemId, gradeOf(previous));
    lastFeedback.current = state.feedback;
  }, [state.feedback]);

  useEffect(() => {
    for (const item of unsavedResults(state)) {
      const result = outcome(item);
      if (result !== 'none') record.mutate({ action: 'mark', set: result, ids: [item.id] });
      dispatch({ type: 'saved', itemId: item.id });
    }
  }, [state, dispatch, record]);

  useEffect(() => {
    if (state.phase !== 'end' || finished.current) return;
    finished.current = true;
    const result = summary(state);
    sendEvent('study_finished', { bulletin_id: bulletinId, ...result });
    void saveFinishedSession({ kind: state.mode, bulletin_id: bulletinId, ...result }).then(() =>
      queryClient.invalidateQueries({ queryKey: ['home'] }),
    );
  }, [state, bulletinId, queryClient]);
}
