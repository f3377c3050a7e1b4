import { useEffect, useReducer } from 'react';
import { sendEvent } from '../events/index.ts';
import { sessionReducer, type SessionState } from './session.ts';
import { useSessionSync } from './use-session-sync.ts';

/** Runs one study session: its state, kept in step with the server, and the study_started event. */
export function useStudySession(initial: SessionState, bulletinId: number | null) {
  const [state, dispatch] = useReducer(sessionReducer, initial);
  useSessionSync(state, dispatch, bulletinId);
  useEffect(() => sendEvent('study_started', { bulletin_id: bulletinId }), [bulletinId]);
  return [state, dispatch] as const;
}
