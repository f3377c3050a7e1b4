import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { useDueReviews } from './api.ts';
import { StudySession } from './study-session.tsx';
import { startReviewSession } from './session.ts';

/** /play/review: practises the words due for review. */
export function ReviewSession() {
  const { t } = useTranslation();
  const due = useDueReviews(true);
  if (due.isError) return <Alert severity="error">{t('errors.server_error')}</Alert>;
  if (!due.data) return <LoadingScreen />;
  if (due.data.count === 0) {
    return (
      <Alert
        severity="success"
        action={
          <Button component={RouterLink} to="/home">
            {t('nav.home')}
          </Button>
        }
      >
        {t('study.nothingDue')}
      </Alert>
    );
  }
  return <StudySession initial={startReviewSession(due.data.words)} backTo="/home" bulletinId={null} />;
}
