import type { HomeSummary } from '@vocagarden/contract';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowForwardRoundedIcon from '@mui/icons-material/ArrowForwardRounded';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

type SuggestedList = NonNullable<HomeSummary['suggested_list']>;

/** The list the server suggests for the learner's starting level (decision 021), one click away. */
export function StartHereCard({ list }: { list: SuggestedList }) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" sx={{ borderColor: 'primary.main', borderWidth: 2 }} data-testid="start-here">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Stack spacing={0.5} sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="overline" color="primary.dark" sx={{ fontWeight: 700, lineHeight: 1.5 }}>
              {t('home.startHere')}
            </Typography>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {list.title}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Chip
                size="small"
                label={`${list.level} · ${t(`vocabulary.levelNames.${list.level}`)}`}
                color="primary"
                variant="outlined"
              />
              <Typography variant="body2" color="text.secondary">
                {t('home.startHereWords', { count: list.quantity })}
              </Typography>
            </Stack>
          </Stack>
          <Button
            component={RouterLink}
            to={`/bulletin/${list.id}`}
            variant="contained"
            size="large"
            endIcon={<ArrowForwardRoundedIcon />}
            sx={{ flexShrink: 0 }}
          >
            {t('home.startHereOpen')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
