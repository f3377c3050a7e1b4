import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { ANALYTICS_CURRENCY, type MetricName } from '@vocagarden/contract';
import { useTranslation } from 'react-i18next';
import { formatMetric, formatMetricChange, type MetricFormat } from './format.ts';
import { metricChanges } from './metrics-cache.ts';

export interface MetricSpec {
  name: MetricName;
  format: MetricFormat;
}

function MetricCard({
  spec,
  value,
  change,
  currency,
}: {
  spec: MetricSpec;
  value: number;
  change: number | undefined;
  currency: string;
}) {
  const { t } = useTranslation();
  const changeText = change === undefined ? null : formatMetricChange(change, spec.format, currency);
  return (
    <Paper variant="outlined" data-testid={`metric-${spec.name}`} sx={{ p: 2, height: '100%' }}>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {t(`analytics.metric.${spec.name}`)}
        </Typography>
        <Tooltip title={t(`analytics.metricHelp.${spec.name}`)}>
          <InfoOutlinedIcon
            fontSize="small"
            color="action"
            tabIndex={0}
            role="img"
            aria-label={t(`analytics.metricHelp.${spec.name}`)}
            data-testid="metric-help"
          />
        </Tooltip>
      </Stack>
      <Typography variant="h5" component="p" data-testid="metric-value" sx={{ fontWeight: 600, mt: 0.5 }}>
        {formatMetric(value, spec.format, currency)}
      </Typography>
      {change !== undefined && (
        <Typography
          variant="caption"
          data-testid="metric-change"
          sx={{ color: change > 0 ? 'success.dark' : change < 0 ? 'error.dark' : 'text.secondary' }}
        >
          {changeText ? t('analytics.sinceLastVisit', { change: changeText }) : t('analytics.noChange')}
        </Typography>
      )}
    </Paper>
  );
}

/**
 * A group's metric cards: each total and its change since the previous visit (spec §2). Changes
 * are shown once fresh figures have arrived; until then the stored ones are painted as they were.
 */
export function MetricCards({
  specs,
  values,
  previous,
  fresh,
  loading,
  currency = ANALYTICS_CURRENCY,
}: {
  specs: MetricSpec[];
  values: Record<string, unknown> | undefined;
  previous: Record<string, unknown> | undefined;
  fresh: boolean;
  loading: boolean;
  currency?: string;
}) {
  const { t } = useTranslation();
  if (!values) {
    return loading ? (
      <Skeleton variant="rounded" height={96} />
    ) : (
      <Typography color="text.secondary">{t('analytics.empty')}</Typography>
    );
  }
  const changes = fresh ? metricChanges(values, previous) : {};
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}
      aria-busy={!fresh}
    >
      {specs.map((spec) => {
        const value = values[spec.name];
        return typeof value === 'number' ? (
          <MetricCard key={spec.name} spec={spec} value={value} change={changes[spec.name]} currency={currency} />
        ) : null;
      })}
    </Box>
  );
}
