import { promptHint, type UiLanguage } from '@vocagarden/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkAnswer, type AnswerLanguage } from '../answer-checker.ts';
import { acceptedAnswers, isAmbiguous, otherEnglishAnswers } from '../prompt-answers.ts';
import { currentItem, type SessionDispatch, type SessionState } from '../session.ts';
import { useGlobalKeys } from '../use-global-keys.ts';
import { WordHeading } from './word-heading.tsx';

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
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const item = currentItem(state)!;
  const prompt = state.feedback?.prompt ?? state.queue[0]!;
  const toNative = prompt.direction === 'to-native';
  const feedback = state.feedback;
  const answerLanguage = (toNative ? language : 'en') as AnswerLanguage;
  const hinted =
    !toNative &&
    isAmbiguous(
      item.word,
      state.items.map((other) => other.word),
      language as AnswerLanguage,
    );
  const alsoCorrect = feedback ? otherEnglishAnswers(item.word, prompt.direction, feedback.expected) : [];

  useEffect(() => {
    if (!feedback) inputRef.current?.focus();
  }, [feedback, prompt]);
  const proceed = () => {
    setInput('');
    dispatch({ type: 'continue' });
  };
  useGlobalKeys((event) => {
    if (feedback && event.key === 'Enter') {
      event.preventDefault();
      proceed();
    }
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (feedback || !input.trim()) return;
    const result = checkAnswer(input, acceptedAnswers(item.word, prompt.direction), answerLanguage);
    dispatch({ type: 'answer', input, ...result });
  };

  const message =
    feedback &&
    {
      correct: { severity: 'success' as const, text: t('study.correct') },
      accent: { severity: 'success' as const, text: t('study.mindTheAccent', { answer: feedback.expected }) },
      almost: { severity: 'warning' as const, text: t('study.almost', { answer: feedback.expected }) },
      wrong: feedback.overridden
        ? { severity: 'info' as const, text: t('study.overridden') }
        : { severity: 'error' as const, text: t('study.wrong', { answer: feedback.expected }) },
    }[feedback.verdict];

  return (
    <Stack spacing={2} sx={{ alignItems: 'stretch', textAlign: 'center' }}>
      <Typography color="text.secondary">{toNative ? t('study.typeTranslation') : t('study.typeEnglish')}</Typography>
      {toNative ? (
        <WordHeading word={item.word} />
      ) : (
        <Box>
          <Typography variant="h4" component="p" color="primary" data-testid="study-prompt">
            {item.word.translation ?? item.word.definition}
          </Typography>
          {hinted && (
            <Typography color="text.secondary" data-testid="study-hint">
              {promptHint(item.word)}
            </Typography>
          )}
        </Box>
      )}
      <Box component="form" onSubmit={submit} noValidate>
        <TextField
          inputRef={inputRef}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          label={t('study.yourAnswer')}
          fullWidth
          autoComplete="off"
          slotProps={{
            htmlInput: {
              autoCapitalize: 'off',
              spellCheck: false,
              lang: answerLanguage,
              readOnly: Boolean(feedback),
            },
          }}
        />
        {!feedback && (
          <Button type="submit" variant="contained" size="large" sx={{ mt: 2 }} disabled={!input.trim()}>
            {t('study.check')} (Enter)
          </Button>
        )}
      </Box>
      {message && (
        <Alert severity={message.severity} role="status" data-testid="study-feedback">
          {message.text}
          {alsoCorrect.length > 0 && (
            <Box component="span" sx={{ display: 'block' }} data-testid="study-also-correct">
              {t('study.alsoCorrect', { answers: alsoCorrect.join(', ') })}
            </Box>
          )}
        </Alert>
      )}
      {feedback && (
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
          {feedback.verdict === 'wrong' && !feedback.overridden && (
            <Button variant="outlined" onClick={() => dispatch({ type: 'override' })}>
              {t('study.iWasRight')}
            </Button>
          )}
          <Button variant="contained" onClick={proceed}>
            {t('study.continue')} (Enter)
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
