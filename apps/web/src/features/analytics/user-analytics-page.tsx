import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import type { UserInfo } from '@vocagarden/contract';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SnackbarProvider, useNotify } from '../../components/snackbar-provider.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { planLabel } from '../premium/index.ts';
import { useRefreshUserInfo, useUserInfo } from './api.ts';
import { formatStaffDateTime, formatStaffNumber } from './format.ts';
import { gridLocaleText } from './grid-locale.ts';
import { StaffSection, StaffSubpageTitle } from './staff-layout.tsx';
import { dateColumn, PlanStatusChip } from './tables.tsx';
import { fetchViewAsToken, parseUserId } from './token.ts';

/** Spec §9: snackbars on this page stay 3000 ms. */
const SNACKBAR_MS = 3000;

type Subscription = UserInfo['premium_subscriptions'][number];
type Action = UserInfo['actions'][number];

/** Spec §2: clicking the id copies a token to view the app as this user; §8 has the three texts. */
function CopyTokenButton({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const refreshUserInfo = useRefreshUserInfo(userId);
  const copy = async () => {
    let token: string;
    try {
      token = await fetchViewAsToken(userId);
      void refreshUserInfo();
    } catch (error) {
      console.error('Analytics: fetching the token failed', error);
      notify(t(error instanceof ApiRequestError ? 'analytics.token.failed' : 'analytics.token.error'), 'error');
      return;
    }
    try {
      await navigator.clipboard.writeText(token);
      notify(t('analytics.token.copied'));
    } catch (error) {
      console.error('Analytics: copying the token failed', error);
      notify(t('analytics.token.error'), 'error');
    }
  };
  return (
    <Tooltip title={t('analytics.token.help')} describeChild>
      <Button variant="outlined" size="small" endIcon={<ContentCopyIcon />} onClick={copy} data-testid="copy-token">
        {t('analytics.idLabel', { id: userId })}
      </Button>
    </Tooltip>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function SmallTable<Row extends object>({
  name,
  label,
  rows,
  columns,
}: {
  name: string;
  label: string;
  rows: Row[];
  columns: GridColDef<Row>[];
}) {
  const { i18n } = useTranslation();
  const localeText = useMemo(() => gridLocaleText(i18n.language), [i18n.language]);
  return (
    <Box data-testid={`table-${name}`}>
      <DataGrid<Row>
        aria-label={label}
        rows={rows.map((row, index) => ({ ...row, id: index }))}
        columns={columns}
        localeText={localeText}
        initialState={{ pagination: { paginationModel: { pageSize: 10 } } }}
        pageSizeOptions={[10, 25, 50]}
        disableRowSelectionOnClick
        sx={{ minHeight: 200 }}
      />
    </Box>
  );
}

function UserDetails({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const notAvailable = t('analytics.notAvailable');
  const subscriptionColumns = useMemo<GridColDef<Subscription>[]>(
    () => [
      {
        field: 'plan_name',
        headerName: t('analytics.columns.plan'),
        flex: 1,
        minWidth: 120,
        valueFormatter: (value: string) => planLabel(t, value),
      },
      dateColumn<Subscription>('start_date', t('analytics.columns.start')),
      dateColumn<Subscription>('end_date', t('analytics.columns.end')),
      {
        field: 'is_active',
        headerName: t('analytics.columns.status'),
        width: 120,
        valueFormatter: (value: boolean) => t(value ? 'analytics.status.Active' : 'analytics.status.Expired'),
        renderCell: ({ row }) => <PlanStatusChip active={row.is_active} />,
      },
    ],
    [t],
  );
  const actionColumns = useMemo<GridColDef<Action>[]>(
    () => [
      dateColumn<Action>('created_at', t('analytics.columns.date')),
      { field: 'action', headerName: t('analytics.columns.action'), width: 200 },
      { field: 'details', headerName: t('analytics.columns.details'), flex: 1, minWidth: 200 },
    ],
    [t],
  );
  const name = `${user.first_name} ${user.last_name}`.trim();
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
          <Avatar
            src={user.profile_picture ?? undefined}
            alt=""
            sx={{ width: 88, height: 88, bgcolor: 'secondary.main', fontSize: 36 }}
          >
            {(user.first_name || user.email).charAt(0).toUpperCase()}
          </Avatar>
          <Stack spacing={1} sx={{ minWidth: 0 }}>
            <Typography variant="h5" component="p" sx={{ overflowWrap: 'anywhere' }}>
              {name || user.email}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              <CopyTokenButton userId={user.id} />
              <Button
                size="small"
                href={`/xanalytics/${user.id}/view-as`}
                target="_blank"
                rel="noopener"
                endIcon={<OpenInNewIcon />}
              >
                {t('analytics.viewAs')}
              </Button>
            </Stack>
          </Stack>
        </Stack>
        <Box
          component="dl"
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', mt: 3, mb: 0 }}
        >
          <Detail label={t('analytics.columns.firstName')}>{user.first_name || notAvailable}</Detail>
          <Detail label={t('analytics.columns.lastName')}>{user.last_name || notAvailable}</Detail>
          <Detail label={t('analytics.columns.username')}>{user.username}</Detail>
          <Detail label={t('analytics.columns.email')}>{user.email}</Detail>
          <Detail label={t('analytics.columns.totalLearned')}>{formatStaffNumber(user.total_learned)}</Detail>
          <Detail label={t('analytics.columns.totalDifficult')}>{formatStaffNumber(user.total_difficult)}</Detail>
          <Detail label={t('analytics.columns.totalProven')}>{formatStaffNumber(user.total_proven)}</Detail>
          <Detail label={t('analytics.columns.joined')}>{formatStaffDateTime(user.joined_at)}</Detail>
          <Detail label={t('analytics.columns.lastActivity')}>
            {formatStaffDateTime(user.last_activity) ?? notAvailable}
          </Detail>
        </Box>
      </Paper>
      <StaffSection title={t('analytics.premiumSubscriptions')}>
        <SmallTable
          name="user-subscriptions"
          label={t('analytics.premiumSubscriptions')}
          rows={user.premium_subscriptions}
          columns={subscriptionColumns}
        />
      </StaffSection>
      <StaffSection title={t('analytics.userActions')}>
        <SmallTable
          name="user-actions"
          label={t('analytics.userActions')}
          rows={user.actions}
          columns={actionColumns}
        />
      </StaffSection>
    </Stack>
  );
}

function UserAnalytics({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const user = useUserInfo(userId);
  if (user.data) return <UserDetails user={user.data} />;
  if (user.isPending) return <Skeleton variant="rounded" height={240} />;
  const missing = user.error instanceof ApiRequestError && user.error.status === 404;
  return <Alert severity="info">{t(missing ? 'analytics.userNotFound' : 'analytics.empty')}</Alert>;
}

/** /xanalytics/{id}: one user's details, plans and actions (spec §2). */
export function UserAnalyticsPage() {
  const { t } = useTranslation();
  const userId = parseUserId(useParams().id);
  return (
    <SnackbarProvider autoHideMs={SNACKBAR_MS}>
      <Stack spacing={2} sx={{ pb: 4 }}>
        <StaffSubpageTitle title={t('analytics.userTitle')} />
        {userId === null ? (
          <Alert severity="info">{t('analytics.userNotFound')}</Alert>
        ) : (
          <UserAnalytics userId={userId} />
        )}
      </Stack>
    </SnackbarProvider>
  );
}
