import type { PremiumSubscription } from '@vocagarden/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card.tsx';
import {
  formatDate,
  planLabel,
  Price,
  usePlanDialog,
  usePremiumStatus,
  usePremiumSubscriptions,
} from '../premium/index.ts';

type Shown = 'active' | 'upcoming' | 'expired';

/**
 * The server calls a plan Active between its start and end, else Expired; a renewal bought before
 * the current plan ends starts later, so it is shown as upcoming rather than expired.
 */
function shownStatus(subscription: PremiumSubscription, now: number): Shown {
  if (subscription.status === 'Active') return 'active';
  return Date.parse(subscription.start_date) > now ? 'upcoming' : 'expired';
}

const chipColor = { active: 'success', upcoming: 'info', expired: 'default' } as const;

function SubscriptionRow({ subscription, now }: { subscription: PremiumSubscription; now: number }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const shown = shownStatus(subscription, now);
  return (
    <Box
      component="li"
      data-testid={`subscription-${subscription.id}`}
      sx={{
        listStyle: 'none',
        border: 1,
        borderColor: shown === 'active' ? 'success.light' : 'divider',
        borderRadius: 2,
        px: 2,
        py: 1.5,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 2,
        rowGap: 0.5,
      }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 180 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography sx={{ fontWeight: 600 }}>{planLabel(t, subscription.plan)}</Typography>
          <Chip size="small" color={chipColor[shown]} label={t(`premium.subscriptions.${shown}`)} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('premium.subscriptions.period', {
            start: formatDate(subscription.start_date, locale),
            end: formatDate(subscription.end_date, locale),
          })}
        </Typography>
      </Box>
      <Price amount={subscription.payment_amount} currency={subscription.currency} size="small" />
    </Box>
  );
}

/** Profile → Premium: the plan now, every subscription bought, and Renew (the plan choice). */
export function PremiumSection() {
  const { t, i18n } = useTranslation();
  const subscriptions = usePremiumSubscriptions();
  const status = usePremiumStatus();
  const { openPlans } = usePlanDialog();
  const [now] = useState(Date.now);
  const rows = subscriptions.data ?? [];

  return (
    <SectionCard title={t('premium.label')}>
      <Stack spacing={2}>
        {subscriptions.isError ? (
          <Alert severity="error">{t('errors.loadPremium')}</Alert>
        ) : !subscriptions.data ? (
          <Skeleton variant="rounded" height={64} />
        ) : (
          <>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <WorkspacePremiumOutlinedIcon color={status.isPremium ? 'secondary' : 'disabled'} />
              <Typography data-testid="premium-status">
                {status.isPremium && status.premiumUntil
                  ? t('premium.subscriptions.activeUntil', { date: formatDate(status.premiumUntil, i18n.language) })
                  : t('premium.subscriptions.free')}
              </Typography>
            </Stack>
            {rows.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('premium.subscriptions.empty')}
              </Typography>
            ) : (
              <Box
                component="ul"
                aria-label={t('premium.subscriptions.listLabel')}
                sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}
              >
                {rows.map((subscription) => (
                  <SubscriptionRow key={subscription.id} subscription={subscription} now={now} />
                ))}
              </Box>
            )}
          </>
        )}
        <Box>
          <Button variant="contained" color="secondary" onClick={openPlans}>
            {rows.length > 0 ? t('premium.subscriptions.renew') : t('premium.seePlans')}
          </Button>
        </Box>
      </Stack>
    </SectionCard>
  );
}
