import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LeafIcon } from '../../components/leaf-icon.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Container maxWidth="sm">
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 8 }}>
        <LeafIcon color="primary" sx={{ fontSize: 72, transform: 'rotate(200deg)' }} />
        <Typography variant="h3" component="h1">
          404
        </Typography>
        <Typography variant="h6">{t('notFound.title')}</Typography>
        <Typography color="text.secondary">{t('notFound.text')}</Typography>
        <Button component={RouterLink} to="/" variant="contained">
          {t('notFound.back')}
        </Button>
      </Stack>
    </Container>
  );
}
