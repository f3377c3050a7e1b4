import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** A titled part of a staff page: an outlined panel named by its heading, an optional action beside it. */
export function StaffSection({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, md: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2, gap: 1 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      <Stack spacing={3}>{children}</Stack>
    </Paper>
  );
}

/** The title of a page below /xanalytics, with the way back to it. */
export function StaffSubpageTitle({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <IconButton component={RouterLink} to="/xanalytics" aria-label={t('analytics.back')}>
        <ArrowBackIcon />
      </IconButton>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
    </Stack>
  );
}
