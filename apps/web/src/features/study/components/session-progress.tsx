import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ReportWordButton } from '../../feedback/index.ts';
import { currentItem, wordsToTeach, type SessionState } from '../session.ts';

/** The close button, the share of finished words and where in the session the learner is. */
export function SessionProgress({ state, backTo }: { state: SessionState; backTo: string }) {
  const { t } = useTranslation();
  const total = state.items.length;
  const doneCount = state.items.filter((item) => item.done).length;
  const word = currentItem(state)?.word;
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
        {word && <ReportWordButton key={word.id} word={word} />}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, textAlign: 'center' }}>
        {stepLabel}
      </Typography>
    </>
  );
}
