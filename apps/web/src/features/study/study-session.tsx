import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNativeLanguage } from '../auth/index.ts';
import { EndScreen, type EndStat } from './components/end-screen.tsx';
import { ModeSwitch } from './components/mode-switch.tsx';
import { PracticeCard } from './components/practice-card.tsx';
import { SessionFrame } from './components/session-frame.tsx';
import { SortCard } from './components/sort-card.tsx';
import { TeachCard } from './components/teach-card.tsx';
import { currentItem, isInProgress, listCounts, reviewCounts, wordsToTeach, type SessionState } from './session.ts';
import { useStudySession } from './use-study-session.ts';

function stepLabel(state: SessionState, t: TFunction): string {
  const total = state.items.length;
  if (state.phase === 'sort') return t('study.sorting', { current: state.cursor + 1, total });
  if (state.phase === 'teach') {
    return t('study.teaching', { current: state.cursor + 1, total: wordsToTeach(state).length });
  }
  if (state.phase === 'practice') {
    return t('study.practising', { done: state.items.filter((item) => item.done).length, count: total });
  }
  return '';
}

/** A list session's figures keep proof from practice apart from marks; a review's say what it did. */
function endStats(state: SessionState, t: TFunction): EndStat[] {
  if (state.mode === 'review') {
    const counts = reviewCounts(state);
    return (['reviewed', 'remembered', 'toRepeat'] as const).map((id) => ({
      id,
      value: counts[id],
      label: t(`study.counts.${id}`, { count: counts[id] }),
    }));
  }
  const { accuracy, ...counts } = listCounts(state);
  return [
    ...(['proven', 'markedKnown', 'stillHard'] as const).map((id) => ({
      id,
      value: counts[id],
      label: t(`study.counts.${id}`, { count: counts[id] }),
    })),
    { id: 'accuracy', value: `${accuracy}%`, label: t('study.accuracy') },
  ];
}

/** One typing session (a list's, or the due reviews) from its first card to its end screen. */
export function StudySession({
  title,
  initial,
  back,
  bulletinId,
  onRestart,
}: {
  title: string;
  initial: SessionState;
  /** Where the session returns to: the list, or home for a review. */
  back: { to: string; label: string };
  bulletinId: number | null;
  onRestart?: () => void;
}) {
  const { t } = useTranslation();
  const language = useNativeLanguage();
  const [state, dispatch] = useStudySession(initial, bulletinId);
  const total = state.items.length;
  return (
    <SessionFrame
      title={title}
      progress={total ? state.items.filter((item) => item.done).length / total : 1}
      step={stepLabel(state, t)}
      word={currentItem(state)?.word}
      backTo={back.to}
      inProgress={isInProgress(state)}
      footer={
        bulletinId !== null && <ModeSwitch to={`/play/${bulletinId}?mode=learn`}>{t('study.switchToLearn')}</ModeSwitch>
      }
    >
      {state.phase === 'sort' && <SortCard state={state} dispatch={dispatch} />}
      {state.phase === 'teach' && <TeachCard state={state} dispatch={dispatch} />}
      {state.phase === 'practice' && <PracticeCard state={state} dispatch={dispatch} language={language} />}
      {state.phase === 'end' && (
        <EndScreen
          title={state.mode === 'review' ? t('study.reviewDone') : t('study.wellDone')}
          stats={endStats(state, t)}
          back={back}
          {...(onRestart ? { onRestart } : {})}
        />
      )}
    </SessionFrame>
  );
}
