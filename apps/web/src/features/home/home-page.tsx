import { studyEndpoints, type HomeSummary } from '@vocagarden/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AutorenewRoundedIcon from '@mui/icons-material/AutorenewRounded';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import LocalFireDepartmentOutlinedIcon from '@mui/icons-material/LocalFireDepartmentOutlined';
import PlayArrowRoundedIcon from '@mui/icons-material/PlayArrowRounded';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import WhatshotOutlinedIcon from '@mui/icons-material/WhatshotOutlined';
import { useQuery } from '@tanstack/react-query';
import { memo, useDeferredValue, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { SectionCard } from '../../components/section-card.tsx';
import { ProgressLine } from '../../components/progress-line.tsx';
import { call } from '../../lib/api-client.ts';
import { browserTimeZone } from '../../lib/time-zone.ts';
import { useAuth } from '../auth/index.ts';
import { asksForPlans, takePlansAfterSignIn, usePlanDialog, withoutPlanChoice } from '../premium/index.ts';
import { StartHereCard } from './start-here-card.tsx';

function Figure({ icon, value, label, testId }: { icon: ReactNode; value: number; label: string; testId: string }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {icon}
          <div>
            <Typography variant="h4" component="p" data-testid={testId}>
              {value}
            </Typography>
            <Typography color="text.secondary">{label}</Typography>
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * `/home?plans=1` (PLAN_CHOICE_PATH, the plan-ending reminder's link) opens the plan choice, as does signing in
 * after a signed-out visitor pressed "See plans"; the parameter is then dropped from the address.
 */
function useOpenPlansOnArrival() {
  const { openPlans } = usePlanDialog();
  const [params, setParams] = useSearchParams();
  const asked = asksForPlans(params);
  useEffect(() => {
    if (takePlansAfterSignIn() || asked) openPlans();
    if (asked) setParams(withoutPlanChoice, { replace: true });
  }, [asked, openPlans, setParams]);
}

export function HomePage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  useOpenPlansOnArrival();
  const home = useQuery({
    queryKey: ['home', user?.native_language_code],
    queryFn: () => call(studyEndpoints.home, { query: { tz: browserTimeZone() } }),
  });
  // The query's answer is drawn as a transition, in slices between which the browser can paint and
  // respond: a query's update is otherwise one blocking render of the whole page (decision 035).
  const data = useDeferredValue(home.data);

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {user?.first_name ? t('home.greetingName', { name: user.first_name }) : t('home.greeting')}
      </Typography>
      {home.isError && <Alert severity="error">{t('errors.server_error')}</Alert>}
      {data ? <HomeSections data={data} /> : !home.isError && <Skeleton variant="rounded" height={240} />}
    </Stack>
  );
}

/** What the home page shows from its query's answer. */
const HomeSections = memo(function HomeSections({ data }: { data: HomeSummary }) {
  const { t } = useTranslation();
  const newLearner =
    data.total_learned === 0 && data.total_difficult === 0 && data.total_proven === 0 && !data.last_list;
  return (
    <>
      {data.suggested_list && !data.last_list && <StartHereCard list={data.suggested_list} />}
      {newLearner && !data.suggested_list && (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {t('home.emptyTitle')}
            </Typography>
            <Typography color="text.secondary" paragraph>
              {t('home.emptyText')}
            </Typography>
            <Button component={RouterLink} to="/vocabulary" variant="contained">
              {t('home.browse')}
            </Button>
          </CardContent>
        </Card>
      )}
      {(data.due_reviews > 0 || data.last_list) && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {data.due_reviews > 0 && (
            <Alert
              severity="info"
              icon={<AutorenewRoundedIcon />}
              sx={{ flex: 1, alignItems: 'center' }}
              action={
                <Button component={RouterLink} to="/play/review" variant="contained" size="small">
                  {t('home.reviewNow')}
                </Button>
              }
            >
              <span data-testid="due-reviews">{t('home.dueReviews', { count: data.due_reviews })}</span>
            </Alert>
          )}
          {data.last_list && (
            <Card variant="outlined" sx={{ flex: 1 }}>
              <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                <div style={{ flexGrow: 1 }}>
                  <Typography variant="body2" color="text.secondary">
                    {t('home.continue')}
                  </Typography>
                  <Typography sx={{ fontWeight: 600 }}>{data.last_list.title}</Typography>
                </div>
                <Button
                  component={RouterLink}
                  to={`/play/${data.last_list.id}`}
                  variant="contained"
                  startIcon={<PlayArrowRoundedIcon />}
                >
                  {t('vocabulary.study')}
                </Button>
              </CardContent>
            </Card>
          )}
        </Stack>
      )}
      <Grid container spacing={2}>
        {[
          {
            testId: 'total-learned',
            value: data.total_learned,
            label: t('home.markedKnown', { count: data.total_learned }),
            icon: <CheckCircleOutlineIcon color="success" sx={{ fontSize: 40 }} />,
          },
          {
            testId: 'total-proven',
            value: data.total_proven,
            label: t('home.proven', { count: data.total_proven }),
            icon: <VerifiedOutlinedIcon color="primary" sx={{ fontSize: 40 }} />,
          },
          {
            testId: 'total-difficult',
            value: data.total_difficult,
            label: t('home.challenging', { count: data.total_difficult }),
            icon: <LocalFireDepartmentOutlinedIcon color="warning" sx={{ fontSize: 40 }} />,
          },
          {
            testId: 'streak',
            value: data.streak,
            label: t('home.streak', { count: data.streak }),
            icon: <WhatshotOutlinedIcon color="secondary" sx={{ fontSize: 40 }} />,
          },
        ].map((figure) => (
          <Grid key={figure.testId} size={{ xs: 12, sm: 6, md: 3 }}>
            <Figure {...figure} />
          </Grid>
        ))}
      </Grid>
      <SectionCard title={t('home.levelProgress')}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('progress.explained')}
        </Typography>
        <Stack spacing={1.5}>
          {data.levels.map((level) => (
            <div key={level.level}>
              <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                <Typography sx={{ fontWeight: 600 }}>{level.level}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'right' }}>
                  {t('progress.markedKnownOf', { known: level.known, count: level.total })} ·{' '}
                  {t('progress.proven', { count: level.proven })}
                </Typography>
              </Stack>
              <ProgressLine
                value={level.total ? Math.round((level.known / level.total) * 100) : 0}
                label={t('progress.levelMarkedKnown', { level: level.level })}
              />
            </div>
          ))}
        </Stack>
      </SectionCard>
    </>
  );
});
