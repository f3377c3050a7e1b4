import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  analyticsEndpoints,
  earningsMetricsSchema,
  recordsMetricsSchema,
  usersMetricsSchema,
} from '@vocagarden/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api-client.ts';
import { useCharts, useCohorts, useMetrics } from './api.ts';
import { ConversionChart, EarningsChart, NewUsersChart } from './charts.tsx';
import { MetricCards, type MetricSpec } from './metric-cards.tsx';
import { StaffSection } from './staff-layout.tsx';
import {
  ContactMessagesTable,
  IssueReportsTable,
  NewUsersTable,
  PremiumAnalysisTable,
  SubscriptionsTable,
} from './tables.tsx';

const usersMetrics: MetricSpec[] = [
  { name: 'total_users', format: 'count' },
  { name: 'new_users_today', format: 'count' },
  { name: 'new_users_this_month', format: 'count' },
  { name: 'today_active_users', format: 'count' },
  { name: 'monthly_active_users', format: 'count' },
  { name: 'monthly_premium_users_percentage', format: 'percent' },
  { name: 'total_classrooms', format: 'count' },
];

const earningsMetrics: MetricSpec[] = [
  { name: 'total_earnings', format: 'money' },
  { name: 'earnings_today', format: 'money' },
  { name: 'earnings_this_month', format: 'money' },
  { name: 'total_payment_tokens', format: 'count' },
  { name: 'total_conversion_rate', format: 'percent' },
  { name: 'paywall_clicks', format: 'count' },
];

const recordsMetrics: MetricSpec[] = [
  { name: 'total_learned', format: 'count' },
  { name: 'total_hard', format: 'count' },
  { name: 'learned_today', format: 'count' },
  { name: 'hard_today', format: 'count' },
  { name: 'display_card_count', format: 'count' },
];

/** A chart's place: its data, a placeholder while it loads, the empty text if it failed. */
function ChartSlot<T>({
  data,
  loading,
  render,
}: {
  data: T | undefined;
  loading: boolean;
  render: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (data !== undefined) return render(data);
  if (loading) return <Skeleton variant="rounded" height={260} />;
  return <Typography color="text.secondary">{t('analytics.empty')}</Typography>;
}

/** /xanalytics: the staff dashboard (spec §2). Each section loads on its own. */
export function AnalyticsPage() {
  const { t } = useTranslation();
  const users = useMetrics('users', usersMetricsSchema, () => call(analyticsEndpoints.users));
  const earnings = useMetrics('earnings', earningsMetricsSchema, () => call(analyticsEndpoints.earnings));
  const records = useMetrics('records', recordsMetricsSchema, () => call(analyticsEndpoints.records));
  const charts = useCharts();
  const cohorts = useCohorts();

  return (
    <Stack spacing={3} sx={{ pb: 4 }}>
      <Box>
        <Typography variant="h4" component="h1">
          {t('analytics.title')}
        </Typography>
        <Typography color="text.secondary">{t('analytics.intro')}</Typography>
      </Box>

      <StaffSection title={t('analytics.sections.users')}>
        <MetricCards specs={usersMetrics} {...users} />
        <ChartSlot
          data={charts.data}
          loading={charts.isPending}
          render={(data) => <NewUsersChart points={data.new_users_per_day} />}
        />
      </StaffSection>

      <StaffSection title={t('analytics.sections.earnings')}>
        <MetricCards specs={earningsMetrics} {...earnings} currency={earnings.values?.currency} />
        <ChartSlot
          data={charts.data}
          loading={charts.isPending}
          render={(data) => <EarningsChart points={data.earnings_per_month} currency={data.currency} />}
        />
      </StaffSection>

      <StaffSection title={t('analytics.sections.records')}>
        <MetricCards specs={recordsMetrics} {...records} />
      </StaffSection>

      <StaffSection title={t('analytics.sections.subscriptions')}>
        <SubscriptionsTable />
      </StaffSection>

      <StaffSection title={t('analytics.sections.issueReports')}>
        <IssueReportsTable />
      </StaffSection>

      <StaffSection title={t('analytics.sections.newUsers')}>
        <NewUsersTable />
      </StaffSection>

      <StaffSection title={t('analytics.sections.contactMessages')}>
        <ContactMessagesTable />
      </StaffSection>

      <StaffSection title={t('analytics.sections.premiumAnalysis')}>
        <ChartSlot
          data={cohorts.data}
          loading={cohorts.isPending}
          render={(data) => <ConversionChart cohorts={data} />}
        />
        <PremiumAnalysisTable />
      </StaffSection>
    </Stack>
  );
}
