import type { MyIssueReport } from '@vocagarden/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card.tsx';
import { errorText } from '../../lib/error-text.ts';
import { useMyIssueReports } from './api.ts';

function ReportRow({ report }: { report: MyIssueReport }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(report.created_at));
  return (
    <Box
      component="li"
      data-testid={`issue-report-${report.id}`}
      sx={{ listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 2, px: 2, py: 1.5 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography sx={{ fontWeight: 600 }}>{t(`feedback.kinds.${report.issue_id}`)}</Typography>
        {report.word && (
          <Typography component="span" lang="en" color="primary" sx={{ fontWeight: 600 }}>
            {report.word}
          </Typography>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Chip
          size="small"
          color={report.resolved ? 'success' : 'warning'}
          variant={report.resolved ? 'filled' : 'outlined'}
          label={t(report.resolved ? 'feedback.resolved' : 'feedback.open')}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('feedback.reportedOn', { date })}
      </Typography>
      <Typography
        variant="body2"
        sx={{
          mt: 0.5,
          whiteSpace: 'pre-line',
          overflowWrap: 'anywhere',
          display: '-webkit-box',
          WebkitLineClamp: 3,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
        }}
      >
        {report.issue_description}
      </Typography>
    </Box>
  );
}

/** Profile → My reports: what the learner reported, and whether it has been resolved. */
export function MyReports() {
  const { t } = useTranslation();
  const reports = useMyIssueReports();
  return (
    <SectionCard title={t('feedback.myReports')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('feedback.myReportsHelp')}
      </Typography>
      {reports.error ? (
        <Alert severity="error">{errorText(t, reports.error)}</Alert>
      ) : !reports.data ? (
        <Skeleton variant="rounded" height={64} />
      ) : reports.data.length === 0 ? (
        <Typography color="text.secondary">{t('feedback.noReports')}</Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
          {reports.data.map((report) => (
            <ReportRow key={report.id} report={report} />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
