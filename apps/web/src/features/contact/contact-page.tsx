import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export const CONTACT_EMAIL = 'hello@vocagarden.app';

export function ContactPage() {
  const { t } = useTranslation();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('contact.title')}
      </Typography>
      <Typography paragraph>{t('contact.text')}</Typography>
      <Link href={`mailto:${CONTACT_EMAIL}`} variant="h6">
        {CONTACT_EMAIL}
      </Link>
    </Container>
  );
}
