import type { Voca } from '@vocagarden/contract';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ReportWordButton } from '../../feedback/index.ts';
import { useLeaveGuard } from '../use-leave-guard.ts';

/**
 * A session's page: its title (the page's one h1), the close button, the progress bar with where
 * the learner is, the card, and what may follow it. Leaving a session in progress asks first.
 */
export function SessionFrame({
  title,
  progress,
  step,
  word,
  backTo,
  inProgress,
  footer,
  children,
}: {
  title: string;
  /** The share of the session done, 0 to 1. */
  progress: number;
  /** Where the learner is ("Word 3 of 20"); also the progress bar's spoken value. */
  step: string;
  /** The word on the card, which the learner may report. */
  word: Voca | undefined;
  backTo: string;
  inProgress: boolean;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  useLeaveGuard(inProgress);
  return (
    <>
      <Typography variant="subtitle1" component="h1" sx={{ fontWeight: 600, textAlign: 'center', mb: 1 }}>
        {title}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <IconButton component={RouterLink} to={backTo} aria-label={t('study.close')}>
          <CloseIcon />
        </IconButton>
        <LinearProgress
          variant="determinate"
          value={progress * 100}
          aria-label={t('study.progress')}
          aria-valuetext={step || undefined}
          sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
        />
        {word && <ReportWordButton key={word.id} word={word} />}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, textAlign: 'center' }}>
        {step}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        {children}
      </Paper>
      {footer}
    </>
  );
}
