import type { CefrLevel } from '@vocagarden/contract';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { lockedCardSx } from '../../components/locked-card.ts';
import { PremiumChip } from '../../components/premium-chip.tsx';
import { usePremiumStatus } from '../premium/index.ts';
import { WordProgress } from '../records/index.ts';
import { useCategories, useLevels } from './api.ts';

const levels: CefrLevel[] = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'];

/** "3 lists · 1 word": each count with its own plural form. */
const listsAndWords = (t: TFunction, lists: number, words: number) =>
  t('vocabulary.listsAndWords', {
    lists: t('vocabulary.listCount', { count: lists }),
    words: t('vocabulary.wordCount', { count: words }),
  });

function LevelCategories({ level }: { level: CefrLevel }) {
  const { t } = useTranslation();
  const categories = useCategories(level);
  const premium = usePremiumStatus();
  // Locks show once the learner's plan is known: never a flash of locks for a premium learner.
  const showLocks = premium.known && !premium.isPremium;
  if (categories.isError) return <Alert severity="error">{t('errors.server_error')}</Alert>;
  if (!categories.data) {
    return (
      <Grid container spacing={2}>
        {Array.from({ length: 6 }, (_, index) => (
          <Grid key={index} size={{ xs: 12, sm: 6, md: 4 }}>
            <Skeleton variant="rounded" height={220} />
          </Grid>
        ))}
      </Grid>
    );
  }
  return (
    <Grid container spacing={2}>
      {categories.data.map((category) => {
        const lexicon = category.lists.map((list) => list.lexicon).join('-');
        const quantity = category.lists.reduce((total, list) => total + list.quantity, 0);
        const premiumLists = showLocks ? category.lists.filter((list) => list.is_premium).length : 0;
        // Every list premium: the category is locked as a whole (dimmed, like a locked list card).
        const locked = premiumLists > 0 && premiumLists === category.lists.length;
        return (
          <Grid key={category.id} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card
              variant="outlined"
              sx={[{ height: '100%' }, locked && lockedCardSx]}
              data-testid={`category-card-${category.id}`}
              data-locked={locked}
            >
              <CardActionArea component={RouterLink} to={`/category/${category.id}`} sx={{ height: '100%' }}>
                <CardMedia component="img" image={category.graphic_uri} alt="" sx={{ aspectRatio: '16 / 10' }} />
                <CardContent>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flexGrow: 1 }}>
                      {category.title}
                    </Typography>
                    {locked && <PremiumChip />}
                  </Stack>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {listsAndWords(t, category.lists.length, quantity)}
                  </Typography>
                  {premiumLists > 0 && !locked && (
                    <Stack sx={{ mb: 1, alignItems: 'flex-start' }}>
                      <PremiumChip label={t('premium.premiumLists', { count: premiumLists })} />
                    </Stack>
                  )}
                  <WordProgress lexicon={lexicon} quantity={quantity} />
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        );
      })}
    </Grid>
  );
}

export function VocabularyPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const level = levels.find((candidate) => candidate === params.get('level')) ?? 'A1';
  const summaries = useLevels();
  const summary = summaries.data?.find((row) => row.level === level);
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('nav.vocabulary')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {summaries.data
          ? t('vocabulary.totalWords', { count: summaries.data.reduce((total, row) => total + row.words, 0) })
          : ' '}
      </Typography>
      <Tabs
        value={level}
        onChange={(_event, next: CefrLevel) => setParams({ level: next }, { replace: true })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('vocabulary.levels')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {levels.map((code) => (
          <Tab key={code} value={code} label={code} sx={{ fontWeight: 700, minWidth: 64 }} />
        ))}
      </Tabs>
      {summary && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t(`vocabulary.levelNames.${level}`)} · {listsAndWords(t, summary.lists, summary.words)}
        </Typography>
      )}
      <LevelCategories level={level} />
    </>
  );
}
