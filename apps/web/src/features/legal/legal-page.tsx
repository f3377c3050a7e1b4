import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const sections = {
  terms: ['service', 'account', 'premium', 'conduct', 'content', 'ending', 'changes'],
  privacy: ['collect', 'use', 'share', 'keep', 'rights', 'cookies', 'contact'],
} as const;

/** Terms of use and privacy policy: the same page shape, their texts in every language. */
export function LegalPage({ document }: { document: keyof typeof sections }) {
  const { t } = useTranslation();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t(`${document}.title`)}
      </Typography>
      <Typography color="text.secondary" paragraph>
        {t(`${document}.intro`)}
      </Typography>
      {sections[document].map((section) => (
        <section key={section}>
          <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
            {t(`${document}.${section}.title`)}
          </Typography>
          <Typography paragraph>{t(`${document}.${section}.text`)}</Typography>
        </section>
      ))}
    </Container>
  );
}
