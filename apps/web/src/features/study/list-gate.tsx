import type { BulletinDetail } from '@vocagarden/contract';
import Button from '@mui/material/Button';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useBulletin } from '../lists/index.ts';
import { usePlanDialog } from '../premium/index.ts';
import { DeadEnd } from './components/dead-end.tsx';

/** Why a list cannot be studied, and the way back that fits: vocabulary, home, or the list itself. */
function Unavailable({ error }: { error: Error }) {
  const { t } = useTranslation();
  const { openPlans } = usePlanDialog();
  const code = error instanceof ApiRequestError ? error.code : undefined;
  if (code === 'premium_required') {
    return (
      <DeadEnd
        icon={<LockOutlinedIcon color="secondary" />}
        title={t('study.lockedTitle')}
        text={t('errors.premium_required')}
        back={{ to: '/vocabulary', label: t('study.backToVocabulary') }}
        extra={
          <Button variant="outlined" color="secondary" onClick={openPlans}>
            {t('premium.seePlans')}
          </Button>
        }
      />
    );
  }
  const missing = error instanceof ApiRequestError && error.status === 404;
  return (
    <DeadEnd
      icon={missing ? <SearchOffIcon color="primary" /> : <ErrorOutlineIcon color="error" />}
      title={missing ? t('study.missingTitle') : t('study.loadFailedTitle')}
      text={missing ? t('study.missingText') : t('errors.server_error')}
      back={{ to: '/home', label: t('study.backHome') }}
    />
  );
}

/** Loads a list for a session; a locked, missing or empty list gets its own screen instead. */
export function ListGate({ id, children }: { id: string; children: (list: BulletinDetail) => ReactNode }) {
  const { t } = useTranslation();
  const bulletin = useBulletin(id);
  if (bulletin.error) return <Unavailable error={bulletin.error} />;
  if (!bulletin.data) return <LoadingScreen />;
  const list = bulletin.data;
  if (list.words.length === 0) {
    return (
      <DeadEnd
        icon={<InboxOutlinedIcon color="primary" />}
        title={t('study.emptyTitle', { title: list.title })}
        text={list.is_owner ? t('study.emptyOwnText') : t('study.emptyText')}
        back={{ to: `/bulletin/${list.id}`, label: t('study.back') }}
      />
    );
  }
  return children(list);
}
