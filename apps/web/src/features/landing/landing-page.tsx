import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import KeyboardOutlinedIcon from '@mui/icons-material/KeyboardOutlined';
import LocalFloristOutlinedIcon from '@mui/icons-material/LocalFloristOutlined';
import { useTranslation } from 'react-i18next';
import { FIRST_PAGE_TEXTS } from '../../lib/i18n.ts';
import { Link as RouterLink } from 'react-router';
import { LeafIcon } from '../../components/leaf-icon.tsx';
import { useAuth } from '../auth/index.ts';
import { usePlanDialog, WordPackLabel } from '../premium/index.ts';

const levels = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;
const features = [
  { key: 'levels', Icon: LocalFloristOutlinedIcon },
  { key: 'quiz', Icon: KeyboardOutlinedIcon },
  { key: 'progress', Icon: InsightsOutlinedIcon },
  { key: 'classrooms', Icon: GroupsOutlinedIcon },
] as const;

export function LandingPage() {
  const { t } = useTranslation(FIRST_PAGE_TEXTS);
  const { token } = useAuth();
  const { openPlans } = usePlanDialog();
  return (
    <>
      <Box sx={{ background: 'linear-gradient(170deg, #e8f5e9 0%, #f4f8f1 60%, #f3e5f5 100%)', py: { xs: 6, md: 10 } }}>
        <Container>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
              gap: 4,
              alignItems: 'center',
            }}
          >
            <div>
              <Typography variant="h3" component="h1" sx={{ fontSize: { xs: 32, md: 48 }, mb: 2 }}>
                {t('landing.title')}
              </Typography>
              <Typography variant="h6" component="p" color="text.secondary" sx={{ mb: 4, fontWeight: 400 }}>
                {t('landing.subtitle')}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                {token ? (
                  <Button component={RouterLink} to="/home" variant="contained" size="large">
                    {t('landing.continue')}
                  </Button>
                ) : (
                  <>
                    <Button component={RouterLink} to="/signup" variant="contained" size="large">
                      {t('landing.getStarted')}
                    </Button>
                    <Button component={RouterLink} to="/login" variant="outlined" size="large">
                      {t('landing.haveAccount')}
                    </Button>
                  </>
                )}
              </Stack>
            </div>
            <Box sx={{ display: 'flex', justifyContent: 'center' }}>
              <Box
                aria-hidden
                sx={{
                  width: { xs: 180, md: 280 },
                  height: { xs: 180, md: 280 },
                  borderRadius: '50%',
                  bgcolor: 'primary.main',
                  display: 'grid',
                  placeItems: 'center',
                  boxShadow: '0 24px 60px rgba(46,125,50,0.35)',
                }}
              >
                <LeafIcon sx={{ fontSize: { xs: 110, md: 170 }, color: '#fff' }} />
              </Box>
            </Box>
          </Box>
        </Container>
      </Box>

      <Container sx={{ py: { xs: 5, md: 8 } }}>
        <Typography variant="h4" component="h2" align="center" sx={{ mb: 1 }}>
          {t('landing.levelsTitle')}
        </Typography>
        <Typography align="center" color="text.secondary" sx={{ mb: 3 }}>
          {t('landing.levelsText')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', flexWrap: 'wrap', mb: 6 }} useFlexGap>
          {levels.map((level) => (
            <Chip key={level} label={level} color="primary" variant="outlined" sx={{ fontWeight: 700, px: 1 }} />
          ))}
        </Stack>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              sm: 'repeat(2, minmax(0, 1fr))',
              md: 'repeat(4, minmax(0, 1fr))',
            },
            gap: 3,
          }}
        >
          {features.map(({ key, Icon }) => (
            <Card key={key} variant="outlined" sx={{ height: '100%' }}>
              <CardContent>
                <Icon color="primary" sx={{ fontSize: 36, mb: 1 }} />
                <Typography variant="h6" component="h3" gutterBottom>
                  {t(`landing.features.${key}.title`)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`landing.features.${key}.text`)}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ mt: 6, justifyContent: 'center' }}>
          {(['free', 'premium'] as const).map((plan) => (
            <Card key={plan} variant="outlined" sx={{ flex: 1, maxWidth: { sm: 360 } }}>
              <CardContent>
                <Typography
                  variant="overline"
                  component="p"
                  color={plan === 'premium' ? 'secondary' : 'primary'}
                  data-testid={`pack-${plan}`}
                >
                  <WordPackLabel pack={plan} />
                </Typography>
                <Typography variant="h6" component="h3">
                  {t(`landing.plans.${plan}.title`)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`landing.plans.${plan}.text`)}
                </Typography>
                {plan === 'premium' && (
                  <Button variant="outlined" color="secondary" onClick={openPlans} sx={{ mt: 2 }}>
                    {t('premium.seePlans')}
                  </Button>
                )}
              </CardContent>
            </Card>
          ))}
        </Stack>
      </Container>
    </>
  );
}
