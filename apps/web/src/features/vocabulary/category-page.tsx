import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ListCard } from '../lists/index.ts';
import { PremiumUpsell, useIsPremium } from '../premium/index.ts';
import { useCategory } from './api.ts';
import { CategoryPdfButton } from './category-pdf-button.tsx';

export function CategoryPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const isPremium = useIsPremium();
  const [upsellOpen, setUpsellOpen] = useState(false);
  const category = useCategory(id);

  if (category.isError) return <Alert severity="error">{t('errors.not_found')}</Alert>;
  if (!category.data) return <Skeleton variant="rounded" height={320} />;

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3, alignItems: { sm: 'center' } }}>
        <div style={{ flexGrow: 1 }}>
          <Typography variant="overline" color="primary">
            {category.data.level}
          </Typography>
          <Typography variant="h4" component="h1">
            {category.data.title}
          </Typography>
          <Typography color="text.secondary">{category.data.description}</Typography>
        </div>
        <CategoryPdfButton category={category.data} onUpsell={() => setUpsellOpen(true)} />
      </Stack>
      <Grid container spacing={2}>
        {category.data.lists.map((list) => {
          const locked = list.is_premium && !isPremium;
          return (
            <Grid key={list.id} size={{ xs: 12, sm: 6, md: 4 }}>
              <ListCard
                list={list}
                locked={locked}
                onOpen={() => {
                  if (!locked) return void navigate(`/bulletin/${list.id}`);
                  setUpsellOpen(true);
                }}
              />
            </Grid>
          );
        })}
      </Grid>
      <PremiumUpsell open={upsellOpen} onClose={() => setUpsellOpen(false)} />
    </>
  );
}
