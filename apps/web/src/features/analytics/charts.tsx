import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { AnalyticsCharts, PremiumAnalysisRow } from '@vocagarden/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatStaffDay, formatStaffMoney, formatStaffMonth, formatStaffNumber, formatStaffPercent } from './format.ts';

const CHART_HEIGHT = 260;

/** A titled chart; its figure is described for screen readers by the title. */
function ChartFrame({ name, title, children }: { name: string; title: string; children: ReactNode }) {
  return (
    <Box component="figure" data-testid={`chart-${name}`} aria-label={title} sx={{ m: 0, minWidth: 0 }}>
      <Typography component="figcaption" variant="subtitle2" color="text.secondary">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function NewUsersChart({ points }: { points: AnalyticsCharts['new_users_per_day'] }) {
  const { t } = useTranslation();
  return (
    <ChartFrame name="new-users" title={t('analytics.charts.newUsers')}>
      <BarChart
        height={CHART_HEIGHT}
        xAxis={[{ scaleType: 'band', data: points.map((point) => point.day), valueFormatter: formatStaffDay }]}
        yAxis={[{ valueFormatter: (value: number) => formatStaffNumber(value), tickMinStep: 1 }]}
        series={[
          {
            data: points.map((point) => point.count),
            label: t('analytics.charts.signups'),
            valueFormatter: (value) => formatStaffNumber(value ?? 0),
          },
        ]}
        hideLegend
      />
    </ChartFrame>
  );
}

export function EarningsChart({
  points,
  currency,
}: {
  points: AnalyticsCharts['earnings_per_month'];
  currency: string;
}) {
  const { t } = useTranslation();
  return (
    <ChartFrame name="earnings" title={t('analytics.charts.earnings')}>
      <BarChart
        height={CHART_HEIGHT}
        xAxis={[{ scaleType: 'band', data: points.map((point) => point.month), valueFormatter: formatStaffMonth }]}
        yAxis={[{ valueFormatter: (value: number) => formatStaffMoney(value, currency), width: 90 }]}
        series={[
          {
            data: points.map((point) => point.amount),
            label: t('analytics.charts.earned'),
            valueFormatter: (value) => formatStaffMoney(value ?? 0, currency),
            color: '#7b5ea7',
          },
        ]}
        hideLegend
      />
    </ChartFrame>
  );
}

/** Of each month's signups, the share who paid in that month and who have paid at all. */
export function ConversionChart({ cohorts }: { cohorts: PremiumAnalysisRow[] }) {
  const { t } = useTranslation();
  const percent = (value: number | null) => formatStaffPercent(value ?? 0);
  return (
    <ChartFrame name="conversion" title={t('analytics.charts.conversion')}>
      <LineChart
        height={CHART_HEIGHT}
        xAxis={[
          {
            scaleType: 'point',
            data: cohorts.map((cohort) => cohort.signup_month),
            valueFormatter: formatStaffMonth,
          },
        ]}
        yAxis={[{ valueFormatter: (value: number) => formatStaffPercent(value), min: 0 }]}
        series={[
          {
            data: cohorts.map((cohort) => cohort.month_overall_performance_percentage),
            label: t('analytics.charts.paidEver'),
            valueFormatter: percent,
          },
          {
            data: cohorts.map((cohort) => cohort.month_same_month_performace_percentage),
            label: t('analytics.charts.paidSameMonth'),
            valueFormatter: percent,
          },
        ]}
      />
    </ChartFrame>
  );
}
