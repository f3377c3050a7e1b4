import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FIRST_PAGE_TEXTS } from '../lib/i18n.ts';

export function LoadingScreen({ message }: { message?: string }) {
  const { t } = useTranslation(FIRST_PAGE_TEXTS);
  return (
    <Box
      role="status"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', alignContent: 'center', gap: 2 }}
    >
      <CircularProgress color="primary" />
      <Typography color="text.secondary">{message ?? t('common.loading')}</Typography>
    </Box>
  );
}
