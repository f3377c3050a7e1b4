import { promptHint, type UiLanguage, type Voca } from '@vocagarden/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { partOfSpeechLabel } from '../../../lib/part-of-speech.ts';
import { checkAnswer, type AnswerLanguage, type AnswerResult } from '../answer-checker.ts';
import { acceptedAnswers, isAmbiguous, otherEnglishAnswers } from '../prompt-answers.ts';
import type { Direction, Feedback } from '../session.ts';
import { useGlobalKeys } from '../use-global-keys.ts';
import { WordHeading } from './word-heading.tsx';

/**
 * One typed prompt: the translation of an English word, or the English word of a translation (the
 * definition for learners without one); checked forgivingly, then explained until the learner
 * continues (Enter).
 */
export function TypedAnswer({
  word,
  direction,
  sessionWords,
  language,
  feedback,
  onAnswer,
  onOverride,
  onContinue,
}: {
  word: Voca;
  direction: Direction;
  /** The session's words: a translation two of them share gets a hint. */
  sessionWords: readonly Voca[];
  language: UiLanguage;
  feedback: Feedback | null;
  onAnswer(input: string, result: AnswerResult): void;
  onOverride(): void;
  onContinue(): void;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const toNative = direction === 'to-native';
  const answerLanguage = (toNative ? language : 'en') as AnswerLanguage;
  const hinted = !toNative && isAmbiguous(word, sessionWords, language as AnswerLanguage);
  const alsoCorrect = feedback ? otherEnglishAnswers(word, direction, feedback.expected) : [];

  useEffect(() => {
    if (!feedback) inputRef.current?.focus();
  }, [feedback, word.id, direction]);
  const proceed = () => {
    setInput('');
    onContinue();
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
    onAnswer(input, checkAnswer(input, acceptedAnswers(word, direction), answerLanguage));
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
        <WordHeading word={word} />
      ) : (
        <Box>
          <Typography variant="h4" component="p" color="primary" data-testid="study-prompt">
            {word.translation ?? word.definition}
          </Typography>
          {hinted && (
            <Typography color="text.secondary" data-testid="study-hint">
              {promptHint({ ...word, pos: partOfSpeechLabel(t, word.pos) })}
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
            <Button variant="outlined" onClick={onOverride}>
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
