import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function LoadingScreen({ message }: { message?: string }) {
  const { t } = useTranslation();
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
