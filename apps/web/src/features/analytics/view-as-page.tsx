import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { useAuth } from '../auth/index.ts';
import { fetchViewAsToken, parseUserId } from './token.ts';

/**
 * /xanalytics/{id}/view-as, opened in a new tab from a user's page: fetches a 15-minute token for
 * that user and shows this tab the app as them (decision 015). The token never appears in an
 * address; the staff member's other tabs keep their own session.
 */
export function ViewAsPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const userId = parseUserId(id);
  const { viewAs } = useAuth();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(userId === null);
  // One token per visit, also when React runs effects twice in development.
  const started = useRef(false);

  useEffect(() => {
    if (userId === null || started.current) return;
    started.current = true;
    fetchViewAsToken(userId)
      .then(async (token) => {
        // Leave the staff page first: as the learner, this route would say "not allowed".
        await navigate('/home', { replace: true });
        viewAs(token);
      })
      .catch((error: unknown) => {
        console.error('Analytics: viewing as a user failed', error);
        setFailed(true);
      });
  }, [userId, navigate, viewAs]);

  if (!failed) return <LoadingScreen />;
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Alert severity="error">{t('analytics.token.failed')}</Alert>
      <Button component={RouterLink} to={userId === null ? '/xanalytics' : `/xanalytics/${userId}`}>
        {t('analytics.back')}
      </Button>
    </Stack>
  );
}
