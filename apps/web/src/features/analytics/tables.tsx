import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import type { GridColDef } from '@mui/x-data-grid';
import {
  ANALYTICS_CURRENCY,
  analyticsEndpoints,
  tableOrderings,
  type ContactMessageRow,
  type IssueReportRow,
  type NewUserRow,
  type PremiumAnalysisRow,
  type SubscriptionRow,
} from '@vocagarden/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/snackbar-provider.tsx';
import { call } from '../../lib/api-client.ts';
import { errorText } from '../../lib/error-text.ts';
import { planLabel } from '../premium/index.ts';
import { useResolveIssueReport } from './api.ts';
import {
  formatStaffDateTime,
  formatStaffMoney,
  formatStaffMonth,
  formatStaffNumber,
  formatStaffPercent,
} from './format.ts';
import { StaffTable } from './staff-table.tsx';

/** A plan's state, active or expired. */
export function PlanStatusChip({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={active ? 'success' : 'default'}
      label={t(active ? 'analytics.status.Active' : 'analytics.status.Expired')}
    />
  );
}

/** Spec §2: a user opens in a new tab, so the dashboard keeps its place. */
export function UserLink({ userId, children }: { userId: number | null; children: string }) {
  if (userId === null) return <>{children}</>;
  return (
    <Link href={`/xanalytics/${userId}`} target="_blank" rel="noopener" data-testid={`user-link-${userId}`}>
      {children}
    </Link>
  );
}

/** A date column in the staff's Turkish format; `empty` stands for a date that has not happened. */
export const dateColumn = <Row extends object>(
  field: keyof Row & string,
  headerName: string,
  empty = '',
): GridColDef<Row> => ({
  field,
  headerName,
  width: 170,
  valueFormatter: (value: string | null) => formatStaffDateTime(value) ?? empty,
});

const countColumn = <Row extends object>(field: keyof Row & string, headerName: string): GridColDef<Row> => ({
  field,
  headerName,
  type: 'number',
  width: 130,
  valueFormatter: (value: number) => formatStaffNumber(value),
});

export function SubscriptionsTable() {
  const { t } = useTranslation();
  const columns = useMemo<GridColDef<SubscriptionRow>[]>(
    () => [
      { field: 'id', headerName: t('analytics.columns.id'), width: 80 },
      {
        field: 'user',
        headerName: t('analytics.columns.user'),
        flex: 1,
        minWidth: 160,
        renderCell: ({ row }) => <UserLink userId={row.user_id}>{row.user}</UserLink>,
      },
      {
        field: 'plan',
        headerName: t('analytics.columns.plan'),
        width: 130,
        valueFormatter: (value: string) => planLabel(t, value),
      },
      dateColumn('start_date', t('analytics.columns.start')),
      dateColumn('end_date', t('analytics.columns.end')),
      {
        field: 'status',
        headerName: t('analytics.columns.status'),
        width: 120,
        valueFormatter: (value: SubscriptionRow['status']) => t(`analytics.status.${value}`),
        renderCell: ({ row }) => <PlanStatusChip active={row.status === 'Active'} />,
      },
      {
        field: 'payment_amount',
        headerName: t('analytics.columns.amount'),
        type: 'number',
        width: 130,
        valueFormatter: (value: number, row) => formatStaffMoney(value, row.currency),
      },
    ],
    [t],
  );
  return (
    <StaffTable
      name="subscriptions"
      label={t('analytics.sections.subscriptions')}
      columns={columns}
      sortableFields={tableOrderings.subscriptions}
      fetchPage={(query) => call(analyticsEndpoints.subscriptions, { query })}
      getRowId={(row) => row.id}
    />
  );
}

function ResolvedSwitch({ report }: { report: IssueReportRow }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const resolve = useResolveIssueReport();
  return (
    <Switch
      // The change shows at once, while it is saved and the table read again; a failure says so.
      checked={resolve.isPending ? resolve.variables.resolved : report.resolved}
      disabled={resolve.isPending}
      onChange={(_event, resolved) =>
        resolve.mutate({ id: report.id, resolved }, { onError: (error) => notify(errorText(t, error), 'error') })
      }
      slotProps={{ input: { 'aria-label': t('analytics.markResolved', { id: report.id }) } }}
      data-testid={`resolve-${report.id}`}
    />
  );
}

export function IssueReportsTable() {
  const { t } = useTranslation();
  const columns = useMemo<GridColDef<IssueReportRow>[]>(
    () => [
      { field: 'id', headerName: t('analytics.columns.id'), width: 80 },
      {
        field: 'user',
        headerName: t('analytics.columns.user'),
        width: 170,
        renderCell: ({ row }) => <UserLink userId={row.user_id}>{row.user || '—'}</UserLink>,
      },
      {
        field: 'issue_id',
        headerName: t('analytics.columns.kind'),
        width: 170,
        valueFormatter: (value: IssueReportRow['issue_id']) => t(`feedback.kinds.${value}`),
      },
      { field: 'issue_description', headerName: t('analytics.columns.description'), flex: 1, minWidth: 220 },
      { field: 'page', headerName: t('analytics.columns.page'), width: 130 },
      { field: 'voca_id', headerName: t('analytics.columns.word'), width: 100 },
      dateColumn('created_at', t('analytics.columns.created')),
      {
        field: 'resolved',
        headerName: t('analytics.columns.resolved'),
        width: 110,
        valueFormatter: (value: boolean) => t(value ? 'analytics.yes' : 'analytics.no'),
        renderCell: ({ row }) => <ResolvedSwitch report={row} />,
      },
    ],
    [t],
  );
  return (
    <StaffTable
      name="issueReports"
      label={t('analytics.sections.issueReports')}
      columns={columns}
      sortableFields={tableOrderings.issueReports}
      fetchPage={(query) => call(analyticsEndpoints.issueReports, { query })}
      getRowId={(row) => row.id}
      wrapText
    />
  );
}

export function NewUsersTable() {
  const { t } = useTranslation();
  const columns = useMemo<GridColDef<NewUserRow>[]>(
    () => [
      { field: 'user_id', headerName: t('analytics.columns.id'), width: 90 },
      {
        field: 'email',
        headerName: t('analytics.columns.email'),
        flex: 1,
        minWidth: 200,
        renderCell: ({ row }) => <UserLink userId={row.user_id}>{row.email}</UserLink>,
      },
      dateColumn('date_joined', t('analytics.columns.joined')),
    ],
    [t],
  );
  return (
    <StaffTable
      name="newUsers"
      label={t('analytics.sections.newUsers')}
      columns={columns}
      sortableFields={tableOrderings.newUsers}
      fetchPage={(query) => call(analyticsEndpoints.newUsers, { query })}
      getRowId={(row) => row.user_id}
    />
  );
}

export function ContactMessagesTable() {
  const { t } = useTranslation();
  const columns = useMemo<GridColDef<ContactMessageRow>[]>(
    () => [
      { field: 'id', headerName: t('analytics.columns.id'), width: 80 },
      {
        field: 'email',
        headerName: t('analytics.columns.email'),
        width: 220,
        renderCell: ({ row }) => <Link href={`mailto:${row.email}`}>{row.email}</Link>,
      },
      { field: 'subject', headerName: t('analytics.columns.subject'), width: 200 },
      { field: 'content', headerName: t('analytics.columns.message'), flex: 1, minWidth: 240 },
      dateColumn('created_at', t('analytics.columns.received')),
    ],
    [t],
  );
  return (
    <StaffTable
      name="contactMessages"
      label={t('analytics.sections.contactMessages')}
      columns={columns}
      sortableFields={tableOrderings.contactMessages}
      fetchPage={(query) => call(analyticsEndpoints.contactMessages, { query })}
      getRowId={(row) => row.id}
      wrapText
    />
  );
}

export function PremiumAnalysisTable() {
  const { t } = useTranslation();
  const columns = useMemo<GridColDef<PremiumAnalysisRow>[]>(() => {
    const percentColumn = (field: keyof PremiumAnalysisRow & string): GridColDef<PremiumAnalysisRow> => ({
      field,
      headerName: t(`analytics.metric.${field}`),
      type: 'number',
      width: 150,
      valueFormatter: (value: number) => formatStaffPercent(value),
    });
    return [
      {
        field: 'signup_month',
        headerName: t('analytics.columns.signupMonth'),
        width: 120,
        valueFormatter: (value: string) => formatStaffMonth(value),
      },
      countColumn('total_signups_that_month', t('analytics.metric.total_signups_that_month')),
      countColumn('total_premium_sales_that_month', t('analytics.metric.total_premium_sales_that_month')),
      countColumn('month_same_month_performace', t('analytics.metric.month_same_month_performace')),
      percentColumn('month_same_month_performace_percentage'),
      countColumn('month_overall_performance', t('analytics.metric.month_overall_performance')),
      percentColumn('month_overall_performance_percentage'),
      {
        field: 'total_sales_balance',
        headerName: t('analytics.metric.total_sales_balance'),
        type: 'number',
        width: 150,
        valueFormatter: (value: number) => formatStaffMoney(value, ANALYTICS_CURRENCY),
      },
    ];
  }, [t]);
  return (
    <StaffTable
      name="premiumAnalysis"
      label={t('analytics.sections.premiumAnalysis')}
      columns={columns}
      sortableFields={tableOrderings.premiumAnalysis}
      fetchPage={(query) => call(analyticsEndpoints.premiumAnalysis, { query })}
      getRowId={(row) => row.signup_month}
    />
  );
}
