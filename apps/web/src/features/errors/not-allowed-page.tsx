import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { useTranslation } from 'react-i18next';
import { FIRST_PAGE_TEXTS } from '../../lib/i18n.ts';
import { Link as RouterLink } from 'react-router';

/** A signed-in page that is not for this account (the staff area for a learner). */
export function NotAllowedPage() {
  const { t } = useTranslation(FIRST_PAGE_TEXTS);
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 8 }} data-testid="not-allowed">
      <LockOutlinedIcon color="primary" sx={{ fontSize: 64 }} />
      <Typography variant="h4" component="h1">
        {t('notAllowed.title')}
      </Typography>
      <Typography color="text.secondary">{t('notAllowed.text')}</Typography>
      <Button component={RouterLink} to="/home" variant="contained">
        {t('notAllowed.back')}
      </Button>
    </Stack>
  );
}
