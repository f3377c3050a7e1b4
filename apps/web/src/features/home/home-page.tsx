import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../auth/auth-provider.tsx';

export function HomePage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {user?.first_name ? t('home.greetingName', { name: user.first_name }) : t('home.greeting')}
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('home.emptyTitle')}
          </Typography>
          <Typography color="text.secondary" paragraph>
            {t('home.emptyText')}
          </Typography>
          <Button component={RouterLink} to="/vocabulary" variant="contained">
            {t('home.browse')}
          </Button>
        </CardContent>
      </Card>
    </>
  );
}
