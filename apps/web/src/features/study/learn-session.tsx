import type { BulletinDetail, Voca } from '@vocagarden/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { useNativeLanguage } from '../auth/index.ts';
import { useLevelSamples } from './api.ts';
import { ChoiceCard } from './components/choice-card.tsx';
import { EndScreen } from './components/end-screen.tsx';
import { ModeSwitch } from './components/mode-switch.tsx';
import { SessionFrame } from './components/session-frame.tsx';
import { TypedAnswer } from './components/typed-answer.tsx';
import {
  currentLearnItem,
  isLearnInProgress,
  learnCounts,
  learnProgress,
  levelsNeedingWords,
  startLearnSession,
  type LearnState,
} from './learn.ts';
import { ListGate } from './list-gate.tsx';
import { useLearnSession } from './use-learn-session.ts';

/** One round of Learn mode over a list, from its first choice to its end screen. */
function LearnRound({ list, extra, onRestart }: { list: BulletinDetail; extra: Voca[]; onRestart(): void }) {
  const { t } = useTranslation();
  const language = useNativeLanguage();
  const [initial] = useState<LearnState>(() => startLearnSession(list.words, extra));
  const [state, dispatch] = useLearnSession(initial, list.id);
  const item = currentLearnItem(state);
  const proven = state.items.filter((candidate) => candidate.step === 'proven').length;
  const { stillHard, ...counts } = learnCounts(state);
  return (
    <SessionFrame
      title={t('study.learnTitle', { title: list.title })}
      progress={learnProgress(state)}
      step={item ? t('study.learnProgress', { proven, count: state.items.length }) : ''}
      word={item?.word}
      backTo={`/bulletin/${list.id}`}
      inProgress={isLearnInProgress(state)}
      footer={<ModeSwitch to={`/play/${list.id}`}>{t('study.switchToTyping')}</ModeSwitch>}
    >
      {item?.step === 'choose' && <ChoiceCard item={item} choice={state.choice} dispatch={dispatch} />}
      {item?.step === 'type' && (
        <TypedAnswer
          word={item.word}
          direction="to-english"
          sessionWords={state.items.map((other) => other.word)}
          language={language}
          feedback={state.feedback}
          onAnswer={(input, result) => dispatch({ type: 'answer', input, ...result })}
          onOverride={() => dispatch({ type: 'override' })}
          onContinue={() => dispatch({ type: 'continue' })}
        />
      )}
      {state.phase === 'end' && (
        <EndScreen
          title={t('study.wellDone')}
          stats={[
            { id: 'proven', value: counts.proven, label: t('study.counts.proven', { count: counts.proven }) },
            { id: 'stillHard', value: stillHard, label: t('study.counts.stillHard', { count: stillHard }) },
            { id: 'accuracy', value: `${counts.accuracy}%`, label: t('study.accuracy') },
          ]}
          back={{ to: `/bulletin/${list.id}`, label: t('study.back') }}
          onRestart={onRestart}
        />
      )}
    </SessionFrame>
  );
}

/** Fetches words of the levels the list is short of (for wrong options) before the first round. */
function LearnRounds({ list }: { list: BulletinDetail }) {
  const [levels] = useState(() => levelsNeedingWords(list.words));
  const samples = useLevelSamples(levels);
  const [round, setRound] = useState(0);
  if (samples.loading) return <LoadingScreen />;
  return <LearnRound key={round} list={list} extra={samples.words} onRestart={() => setRound(round + 1)} />;
}

/** /play/{id}?mode=learn: Learn mode, each word recognised among four, then typed, until proven. */
export function LearnSession({ id }: { id: string }) {
  return <ListGate id={id}>{(list) => <LearnRounds list={list} />}</ListGate>;
}
