import type { UiLanguage, Voca } from '@vocagarden/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import VolumeUpOutlinedIcon from '@mui/icons-material/VolumeUpOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { speakEnglish } from '../../lib/speech.ts';
import { useAuth } from '../auth/auth-provider.tsx';
import { sendEvent, useRecordChange } from '../learner/index.ts';
import { useBulletin } from '../vocabulary/api.ts';
import { checkAnswer, type AnswerLanguage } from './answer-checker.ts';
import { saveFinishedSession, sendReviewAnswer, useDueReviews } from './api.ts';
import {
  currentItem,
  gradeOf,
  outcome,
  sessionReducer,
  startListSession,
  startReviewSession,
  summary,
  unsavedResults,
  wordsToTeach,
  type SessionState,
} from './session.ts';

function useGlobalKeys(handler: (event: KeyboardEvent) => void) {
  useEffect(() => {
    // A focused button answers Enter and Space itself; handling them here too would act twice.
    const listener = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLButtonElement || event.target instanceof HTMLAnchorElement) return;
      handler(event);
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [handler]);
}

function SpeakButton({ word }: { word: string }) {
  const { t } = useTranslation();
  return (
    <IconButton aria-label={t('vocabulary.listen', { word })} onClick={() => speakEnglish(word)}>
      <VolumeUpOutlinedIcon />
    </IconButton>
  );
}

function WordHeading({ word }: { word: Voca }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'center' }}>
      <Typography
        variant="h3"
        component="p"
        lang="en"
        sx={{ fontWeight: 700, fontSize: { xs: 34, sm: 44 } }}
        data-testid="study-word"
      >
        {word.the_word}
      </Typography>
      <SpeakButton word={word.the_word} />
    </Stack>
  );
}

interface Dispatch {
  (action: Parameters<typeof sessionReducer>[1]): void;
}

function SortCard({ state, dispatch }: { state: SessionState; dispatch: Dispatch }) {
  const { t } = useTranslation();
  const item = currentItem(state)!;
  useEffect(() => sendEvent('display_card', { voca_id: item.id }), [item.id]);
  useGlobalKeys((event) => {
    if (event.key === 'k' || event.key === 'K' || event.key === 'ArrowRight') dispatch({ type: 'know' });
    if (event.key === 'l' || event.key === 'L' || event.key === 'ArrowLeft') dispatch({ type: 'learn' });
  });
  return (
    <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <Typography color="text.secondary">{t('study.sortHelp')}</Typography>
      <WordHeading word={item.word} />
      <Typography color="text.secondary">
        {item.word.pos}
        {item.word.ipa ? ` · ${item.word.ipa}` : ''}
      </Typography>
      <Stack direction="row" spacing={2}>
        <Button variant="outlined" size="large" onClick={() => dispatch({ type: 'learn' })}>
          {t('study.learnIt')} (L)
        </Button>
        <Button variant="contained" size="large" onClick={() => dispatch({ type: 'know' })}>
          {t('study.knowIt')} (K)
        </Button>
      </Stack>
    </Stack>
  );
}

function TeachCard({ state, dispatch }: { state: SessionState; dispatch: Dispatch }) {
  const { t } = useTranslation();
  const item = currentItem(state)!;
  useEffect(() => {
    speakEnglish(item.word.the_word);
  }, [item.word.the_word]);
  useGlobalKeys((event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      dispatch({ type: 'taught' });
    }
  });
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <Typography color="text.secondary">{t('study.teachHelp')}</Typography>
      <WordHeading word={item.word} />
      {item.word.translation && (
        <Typography variant="h5" component="p" color="primary" data-testid="study-translation">
          {item.word.translation}
        </Typography>
      )}
      <Typography>{item.word.definition}</Typography>
      <Typography sx={{ fontStyle: 'italic' }} lang="en">
        “{item.word.example}”
      </Typography>
      <Button variant="contained" size="large" onClick={() => dispatch({ type: 'taught' })}>
        {t('study.next')} (Enter)
      </Button>
    </Stack>
  );
}

function PracticeCard({
  state,
  dispatch,
  language,
}: {
  state: SessionState;
  dispatch: Dispatch;
  language: UiLanguage;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const item = currentItem(state)!;
  const prompt = state.feedback?.prompt ?? state.queue[0]!;
  const toNative = prompt.direction === 'to-native';
  const feedback = state.feedback;

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
    const accepted = toNative ? [item.word.translation!, ...item.word.alternatives] : [item.word.the_word];
    const result = checkAnswer(input, accepted, (toNative ? language : 'en') as AnswerLanguage);
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
        <Typography variant="h4" component="p" color="primary" data-testid="study-prompt">
          {item.word.translation ?? item.word.definition}
        </Typography>
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
              lang: toNative ? language : 'en',
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

function EndScreen({ state, backTo, onRestart }: { state: SessionState; backTo: string; onRestart?: () => void }) {
  const { t } = useTranslation();
  const result = summary(state);
  return (
    <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center' }} data-testid="study-end">
      <Typography variant="h4" component="h2">
        {t('study.wellDone')}
      </Typography>
      <Stack direction="row" spacing={{ xs: 2, sm: 4 }}>
        {[
          ['learned', result.learned],
          ['stillHard', result.hard],
          ['accuracy', `${result.accuracy}%`],
        ].map(([key, value]) => (
          <Box key={key}>
            <Typography variant="h4" component="p" color="primary" data-testid={`summary-${key}`}>
              {value}
            </Typography>
            <Typography color="text.secondary">{t(`study.${key}`)}</Typography>
          </Box>
        ))}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button component={RouterLink} to={backTo} variant="contained" autoFocus>
          {t('study.back')}
        </Button>
        {onRestart && (
          <Button variant="outlined" onClick={onRestart}>
            {t('study.again')}
          </Button>
        )}
        <Button component={RouterLink} to="/home" variant="text">
          {t('nav.home')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** Keeps the server in step with the session: marks, review answers and the finished session, each once. */
function useSessionSync(state: SessionState, dispatch: Dispatch, bulletinId: number | null) {
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

function Session({
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
  const { t } = useTranslation();
  const { user } = useAuth();
  const [state, dispatch] = useReducer(sessionReducer, initial);
  useSessionSync(state, dispatch, bulletinId);
  useEffect(() => sendEvent('study_started', { bulletin_id: bulletinId }), [bulletinId]);

  const total = state.items.length;
  const doneCount = state.items.filter((item) => item.done).length;
  const stepLabel =
    state.phase === 'sort'
      ? t('study.sorting', { current: state.cursor + 1, total })
      : state.phase === 'teach'
        ? t('study.teaching', { current: state.cursor + 1, total: wordsToTeach(state).length })
        : state.phase === 'practice'
          ? t('study.practising', { done: doneCount, total })
          : '';
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <IconButton component={RouterLink} to={backTo} aria-label={t('study.close')}>
          <CloseIcon />
        </IconButton>
        <LinearProgress
          variant="determinate"
          value={total ? (doneCount / total) * 100 : 100}
          sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, textAlign: 'center' }}>
        {stepLabel}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        {state.phase === 'sort' && <SortCard state={state} dispatch={dispatch} />}
        {state.phase === 'teach' && <TeachCard state={state} dispatch={dispatch} />}
        {state.phase === 'practice' && (
          <PracticeCard state={state} dispatch={dispatch} language={user?.native_language_code ?? 'tr'} />
        )}
        {state.phase === 'end' && <EndScreen state={state} backTo={backTo} {...(onRestart ? { onRestart } : {})} />}
      </Paper>
    </>
  );
}

function ListSession({ id }: { id: string }) {
  const { t } = useTranslation();
  const bulletin = useBulletin(id);
  const [round, setRound] = useState(0);
  if (bulletin.error) {
    const premium = bulletin.error instanceof ApiRequestError && bulletin.error.code === 'premium_required';
    return (
      <Alert severity={premium ? 'info' : 'error'}>{t(premium ? 'errors.premium_required' : 'errors.not_found')}</Alert>
    );
  }
  if (!bulletin.data) return <LoadingScreen />;
  return (
    <Session
      key={round}
      initial={startListSession(bulletin.data.words)}
      backTo={`/bulletin/${id}`}
      bulletinId={bulletin.data.id}
      onRestart={() => setRound(round + 1)}
    />
  );
}

function ReviewSession() {
  const { t } = useTranslation();
  const due = useDueReviews(true);
  if (due.isError) return <Alert severity="error">{t('errors.server_error')}</Alert>;
  if (!due.data) return <LoadingScreen />;
  if (due.data.count === 0) {
    return (
      <Alert
        severity="success"
        action={
          <Button component={RouterLink} to="/home">
            {t('nav.home')}
          </Button>
        }
      >
        {t('study.nothingDue')}
      </Alert>
    );
  }
  return <Session initial={startReviewSession(due.data.words)} backTo="/home" bulletinId={null} />;
}

/** /play/{id}: the study session for a list; /play/review: the due reviews. */
export function PlayPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  useEffect(() => {
    if (id !== 'review' && !/^\d+$/.test(id)) void navigate('/404', { replace: true });
  }, [id, navigate]);
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', py: { xs: 2, sm: 4 } }}>
      <Container maxWidth="sm">{id === 'review' ? <ReviewSession /> : <ListSession id={id} />}</Container>
    </Box>
  );
}
