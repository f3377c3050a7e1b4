import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { useDueReviews } from './api.ts';
import { DeadEnd } from './components/dead-end.tsx';
import { StudySession } from './study-session.tsx';
import { startReviewSession } from './session.ts';

/** /play/review: practises the words due for review, then goes home. */
export function ReviewSession() {
  const { t } = useTranslation();
  const due = useDueReviews(true);
  const home = { to: '/home', label: t('study.backHome') };
  if (due.isError) {
    return (
      <DeadEnd
        icon={<ErrorOutlineIcon color="error" />}
        title={t('study.loadFailedTitle')}
        text={t('errors.server_error')}
        back={home}
      />
    );
  }
  if (!due.data) return <LoadingScreen />;
  if (due.data.words.length === 0) {
    return (
      <DeadEnd
        icon={<TaskAltIcon color="primary" />}
        title={t('study.nothingDueTitle')}
        text={t('study.nothingDue')}
        back={home}
      />
    );
  }
  return (
    <StudySession
      title={t('study.reviewTitle')}
      initial={startReviewSession(due.data.words)}
      back={home}
      bulletinId={null}
    />
  );
}
