import type { UiLanguage } from '@vocagarden/contract';
import { currentItem, type SessionDispatch, type SessionState } from '../session.ts';
import { TypedAnswer } from './typed-answer.tsx';

/** Practice phase: type the translation (or the English word), then see whether it was right. */
export function PracticeCard({
  state,
  dispatch,
  language,
}: {
  state: SessionState;
  dispatch: SessionDispatch;
  language: UiLanguage;
}) {
  const item = currentItem(state)!;
  const prompt = state.feedback?.prompt ?? state.queue[0]!;
  return (
    <TypedAnswer
      word={item.word}
      direction={prompt.direction}
      sessionWords={state.items.map((other) => other.word)}
      language={language}
      feedback={state.feedback}
      onAnswer={(input, result) => dispatch({ type: 'answer', input, ...result })}
      onOverride={() => dispatch({ type: 'override' })}
      onContinue={() => dispatch({ type: 'continue' })}
    />
  );
}
