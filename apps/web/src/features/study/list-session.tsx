import Alert from '@mui/material/Alert';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useBulletin } from '../lists/index.ts';
import { StudySession } from './study-session.tsx';
import { startListSession } from './session.ts';

/** /play/{id}: studies one list; "Again" starts a fresh round. */
export function ListSession({ id }: { id: string }) {
  const { t } = useTranslation();
  const bulletin = useBulletin(id);
  const [round, setRound] = useState(0);
  if (bulletin.error) {
    const premium = bulletin.error instanceof ApiRequestError && bulletin.error.code === 'premium_required';
    return (
      <Alert severity={premium ? 'info' : 'error'}>{t(premium ? 'errors.premium_required' : 'errors.not_found')}</Alert>
    );
  }
  if (!bulletin.data) return <LoadingScreen />;
  return (
    <StudySession
      key={round}
      initial={startListSession(bulletin.data.words)}
      backTo={`/bulletin/${id}`}
      bulletinId={bulletin.data.id}
      onRestart={() => setRound(round + 1)}
    />
  );
}
