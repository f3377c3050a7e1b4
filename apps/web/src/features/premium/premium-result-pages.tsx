import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';

export function PremiumSuccessPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      <CheckCircleOutlineIcon color="success" sx={{ fontSize: 56 }} />
      <Typography variant="h5" component="h1">
        {t('premium.successTitle')}
      </Typography>
      <Typography color="text.secondary">{t('premium.successText')}</Typography>
      <Button component={RouterLink} to="/home" variant="contained">
        {t('premium.startLearning')}
      </Button>
    </Stack>
  );
}

export function PremiumErrorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      <ErrorOutlineIcon color="error" sx={{ fontSize: 56 }} />
      <Typography variant="h5" component="h1">
        {t('premium.paymentError')}
      </Typography>
      <Typography color="text.secondary">{t('premium.unknownError')}</Typography>
      <Button variant="contained" onClick={() => void navigate(-1)}>
        {t('premium.retry')}
      </Button>
    </Stack>
  );
}
