import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { summary, type SessionState } from '../session.ts';

/** The session's summary: words learned, still challenging, accuracy; back, again or home. */
export function EndScreen({
  state,
  backTo,
  onRestart,
}: {
  state: SessionState;
  backTo: string;
  onRestart?: () => void;
}) {
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
