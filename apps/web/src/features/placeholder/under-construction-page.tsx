import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Pages whose features arrive in later issues: titled, and honest that they are not there yet. */
export function UnderConstructionPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t(titleKey)}
      </Typography>
      <Alert severity="info">{t('common.underConstruction')}</Alert>
    </>
  );
}
