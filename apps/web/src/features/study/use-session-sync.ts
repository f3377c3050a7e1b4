import type { FinishedSession } from '@vocagarden/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { sendEvent } from '../events/index.ts';
import { provenQueryKey, useRecordChange } from '../records/index.ts';
import { saveFinishedSession, sendReviewAnswer } from './api.ts';
import { gradeOf, type Feedback, type Outcome } from './session.ts';

/** A settled answer (its feedback closed) updates the word's review card, once. */
export function useReviewAnswers(feedback: Feedback | null) {
  const queryClient = useQueryClient();
  const lastFeedback = useRef(feedback);
  useEffect(() => {
    const previous = lastFeedback.current;
    if (previous && !feedback) {
      // A right answer may prove the word: the proven words are stale, fetched again when next shown.
      void sendReviewAnswer(previous.prompt.itemId, gradeOf(previous)).then(() =>
        queryClient.invalidateQueries({ queryKey: provenQueryKey, refetchType: 'none' }),
      );
    }
    lastFeedback.current = feedback;
  }, [feedback, queryClient]);
}

/** Files each finished word as known or challenging (or leaves it unmarked), once. */
export function useSavedResults(results: readonly { id: number; outcome: Outcome }[], onSaved: (id: number) => void) {
  const record = useRecordChange();
  useEffect(() => {
    for (const { id, outcome } of results) {
      if (outcome !== 'none') record.mutate({ action: 'mark', set: outcome, ids: [id] });
      onSaved(id);
    }
  }, [results, onSaved, record]);
}

/** The study_started event, and the finished session saved once, when the end screen first shows. */
export function useSessionRecord(
  ended: boolean,
  result: Omit<FinishedSession, 'bulletin_id'> & { accuracy: number },
  bulletinId: number | null,
) {
  const queryClient = useQueryClient();
  const finished = useRef(false);
  useEffect(() => sendEvent('study_started', { bulletin_id: bulletinId }), [bulletinId]);
  useEffect(() => {
    if (!ended || finished.current) return;
    finished.current = true;
    sendEvent('study_finished', { bulletin_id: bulletinId, ...result });
    void saveFinishedSession({ bulletin_id: bulletinId, ...result }).then(() =>
      queryClient.invalidateQueries({ queryKey: ['home'] }),
    );
  }, [ended, result, bulletinId, queryClient]);
}
