import Paper from '@mui/material/Paper';
import { useNativeLanguage } from '../auth/index.ts';
import { EndScreen } from './components/end-screen.tsx';
import { PracticeCard } from './components/practice-card.tsx';
import { SessionProgress } from './components/session-progress.tsx';
import { SortCard } from './components/sort-card.tsx';
import { TeachCard } from './components/teach-card.tsx';
import type { SessionState } from './session.ts';
import { useStudySession } from './use-study-session.ts';

/** One study session from its first card to its end screen. */
export function StudySession({
  initial,
  backTo,
  bulletinId,
  onRestart,
}: {
  initial: SessionState;
  backTo: string;
  bulletinId: number | null;
  onRestart?: () => void;
}) {
  const language = useNativeLanguage();
  const [state, dispatch] = useStudySession(initial, bulletinId);
  return (
    <>
      <SessionProgress state={state} backTo={backTo} />
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        {state.phase === 'sort' && <SortCard state={state} dispatch={dispatch} />}
        {state.phase === 'teach' && <TeachCard state={state} dispatch={dispatch} />}
        {state.phase === 'practice' && <PracticeCard state={state} dispatch={dispatch} language={language} />}
        {state.phase === 'end' && <EndScreen state={state} backTo={backTo} {...(onRestart ? { onRestart } : {})} />}
      </Paper>
    </>
  );
}
