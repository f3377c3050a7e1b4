import { SectionCard } from '../../components/section-card.tsx';
import { authEndpoints, type DeviceSession } from '@vocagarden/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/confirm-provider.tsx';
import { useNotify } from '../../components/snackbar-provider.tsx';
import { call } from '../../lib/api-client.ts';
import { errorText } from '../../lib/error-text.ts';
import { useAuth } from '../auth/index.ts';
import { describeUserAgent } from './user-agent.ts';

/** The signed-in devices query; a password change signs the other devices out and refreshes it. */
export const sessionsQueryKey = ['auth-sessions'] as const;

const RAW_AGENT_LENGTH = 40;

/** "Chrome on Windows"; the raw header, cut short, when neither can be told; "Unknown device" without one. */
function deviceName(t: TFunction, userAgent: string | null): string {
  const { browser, os } = describeUserAgent(userAgent);
  if (browser && os) return t('profile.deviceName', { browser, os });
  if (browser || os) return (browser ?? os)!;
  if (!userAgent) return t('profile.unknownDevice');
  return userAgent.length > RAW_AGENT_LENGTH ? `${userAgent.slice(0, RAW_AGENT_LENGTH)}…` : userAgent;
}

/** The learner's signed-in devices, with signing one out and signing out everywhere. */
export function SignedInDevices() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { forgetSession } = useAuth();
  const dates = useMemo(
    () => new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' }),
    [i18n.resolvedLanguage],
  );

  const revoke = useMutation({
    mutationFn: (id: number) => call(authEndpoints.revokeSession, { params: { id } }),
    onSuccess: () => notify(t('profile.deviceSignedOut'), 'success'),
    onError: (error) => notify(errorText(t, error), 'error'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
  const revokeAll = useMutation({
    mutationFn: () => call(authEndpoints.revokeAllSessions),
    async onSuccess() {
      notify(t('profile.signedOutEverywhere'), 'success');
      forgetSession('/');
    },
    onError: (error) => notify(errorText(t, error), 'error'),
  });
  // Once every token is gone the list must not load again: signing out clears the cache while
  // this page may still be shown (the next page can still be loading), and a refetch would 401.
  const sessions = useQuery({
    queryKey: sessionsQueryKey,
    queryFn: () => call(authEndpoints.sessions),
    enabled: revokeAll.isIdle || revokeAll.isError,
  });

  const askSignOutEverywhere = async () => {
    const confirmed = await confirm({
      title: t('profile.signOutEverywhereTitle'),
      message: t('profile.signOutEverywhereConfirm'),
      confirmText: t('profile.signOutEverywhere'),
      destructive: true,
    });
    if (confirmed) revokeAll.mutate();
  };

  const row = (session: DeviceSession) => {
    const name = deviceName(t, session.user_agent);
    return (
      <Stack key={session.id} direction="row" spacing={2} sx={{ alignItems: 'center', py: 1.5 }} role="listitem">
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600 }} title={session.user_agent ?? undefined}>
              {name}
            </Typography>
            {session.current && <Chip label={t('profile.thisDevice')} color="primary" size="small" />}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('profile.lastUsed', { date: dates.format(new Date(session.last_used_at)) })}
          </Typography>
        </Box>
        {!session.current && (
          <Button
            variant="outlined"
            size="small"
            onClick={() => revoke.mutate(session.id)}
            loading={revoke.isPending && revoke.variables === session.id}
            aria-label={t('profile.signOutDeviceLabel', { device: name })}
          >
            {t('profile.signOutDevice')}
          </Button>
        )}
      </Stack>
    );
  };

  return (
    <SectionCard title={t('profile.devices')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('profile.devicesHelp')}
      </Typography>
      {sessions.isError && <Alert severity="error">{errorText(t, sessions.error)}</Alert>}
      {sessions.isPending && <Skeleton height={120} />}
      {sessions.data && (
        <Stack role="list" aria-label={t('profile.devices')} divider={<Divider flexItem />} sx={{ mb: 2 }}>
          {sessions.data.map(row)}
        </Stack>
      )}
      <Button
        color="error"
        variant="outlined"
        onClick={() => void askSignOutEverywhere()}
        loading={revokeAll.isPending}
      >
        {t('profile.signOutEverywhere')}
      </Button>
    </SectionCard>
  );
}
