import { priceFor, type Plan, type PlanUnit } from '@vocagarden/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePremiumCatalogue } from '../api.ts';
import { usePremiumStatus } from '../status.ts';
import { checkoutFailureText, useStartCheckout } from '../checkout.ts';
import { formatDate, formatMoney, unitsLabel } from '../format.ts';
import { Price } from './price.tsx';

const unitOrder: PlanUnit[] = ['week', 'month'];

/** One plan per unit (week, month), in that order. */
function plansByUnit(plans: Plan[]): Plan[] {
  return unitOrder.flatMap((unit) => plans.find((plan) => plan.unit === unit) ?? []);
}

/** "See plans": weekly or monthly, 1–100 weeks or 1–150 months, the price with any live offer. */
export function PlanDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <PlanChoice titleId={titleId} onClose={onClose} />
    </Dialog>
  );
}

function PlanChoice({ titleId, onClose }: { titleId: string; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const catalogue = usePremiumCatalogue();
  const status = usePremiumStatus();
  const checkout = useStartCheckout();
  const [unit, setUnit] = useState<PlanUnit>('month');
  const [units, setUnits] = useState(1);
  const planGroupLabel = useId();
  const plans = useMemo(() => plansByUnit(catalogue.data?.plans ?? []), [catalogue.data]);
  const plan = plans.find((candidate) => candidate.unit === unit) ?? plans[0];
  const offer = catalogue.data?.offer ?? null;
  const discount = offer?.discount_percent ?? null;
  const maxUnits = plan?.max_units ?? 1;
  const chosenUnits = Math.min(units, maxUnits);

  const failure = checkout.error ? checkoutFailureText(t, checkout.error) : null;

  return (
    <>
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <WorkspacePremiumOutlinedIcon color="secondary" />
        {t('premium.plans.title')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2.5}>
          <Typography color="text.secondary">{t('premium.plans.intro')}</Typography>
          {offer && (
            <Alert severity="success" icon={<LocalOfferOutlinedIcon />}>
              <AlertTitle>{t('premium.plans.offerTitle', { percent: offer.discount_percent })}</AlertTitle>
              {t('premium.plans.offerUntil', { date: formatDate(offer.ends_at, locale) })}
            </Alert>
          )}
          {status.isPremium && status.premiumUntil && (
            <Alert severity="info">
              {t('premium.plans.extends', { date: formatDate(status.premiumUntil, locale) })}
            </Alert>
          )}
          {catalogue.isError && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void catalogue.refetch()}>
                  {t('premium.retry')}
                </Button>
              }
            >
              {t('errors.server_error')}
            </Alert>
          )}
          {catalogue.isPending && (
            <Stack spacing={1.5} aria-busy="true">
              <Skeleton variant="rounded" height={72} />
              <Skeleton variant="rounded" height={72} />
              <Skeleton variant="rounded" height={56} />
            </Stack>
          )}
          {plan && (
            <>
              <div>
                <Typography id={planGroupLabel} variant="subtitle2" component="p" sx={{ mb: 1 }}>
                  {t('premium.plans.plan')}
                </Typography>
                <RadioGroup
                  aria-labelledby={planGroupLabel}
                  value={plan.unit}
                  onChange={(_event, value) => setUnit(value as PlanUnit)}
                  sx={{ gap: 1 }}
                >
                  {plans.map((option) => (
                    <FormControlLabel
                      key={option.id}
                      value={option.unit}
                      control={<Radio />}
                      sx={{
                        m: 0,
                        pr: 2,
                        py: 0.5,
                        border: 1,
                        borderRadius: 2,
                        borderColor: option.unit === plan.unit ? 'primary.main' : 'divider',
                        bgcolor: option.unit === plan.unit ? 'rgba(46,125,50,0.06)' : undefined,
                        '& .MuiFormControlLabel-label': { flexGrow: 1 },
                      }}
                      label={
                        <Stack
                          direction="row"
                          sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
                        >
                          <Typography sx={{ fontWeight: 600 }}>{t(`premium.plans.${option.unit}`)}</Typography>
                          <Typography variant="body2" component="span" color="text.secondary">
                            {t(`premium.plans.per.${option.unit}`, {
                              price: formatMoney(priceFor(option.unit_price, 1, discount), option.currency, locale),
                            })}
                          </Typography>
                        </Stack>
                      }
                    />
                  ))}
                </RadioGroup>
              </div>
              <TextField
                select
                label={t('premium.plans.duration')}
                value={chosenUnits}
                onChange={(event) => setUnits(Number(event.target.value))}
                slotProps={{ select: { native: true } }}
                fullWidth
              >
                {Array.from({ length: maxUnits }, (_, index) => index + 1).map((count) => (
                  <option key={count} value={count}>
                    {unitsLabel(t, plan.unit, count)}
                  </option>
                ))}
              </TextField>
              <Box
                sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', pt: 0.5 }}
                data-testid="plan-total"
              >
                <Typography sx={{ fontWeight: 600, flexGrow: 1 }}>{t('premium.plans.total')}</Typography>
                <Price
                  amount={priceFor(plan.unit_price, chosenUnits, discount)}
                  original={discount ? priceFor(plan.unit_price, chosenUnits, null) : null}
                  currency={plan.currency}
                />
                {discount && (
                  <Chip size="small" color="success" label={t('premium.plans.discount', { percent: discount })} />
                )}
              </Box>
            </>
          )}
          {failure && <Alert severity="error">{failure}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!plan}
          loading={checkout.isPending || checkout.isSuccess}
          onClick={() =>
            plan &&
            checkout.mutate(
              { planId: plan.id, units: chosenUnits },
              // The sandbox page is one of ours: the dialog closes as the router goes there.
              { onSuccess: (target) => target.kind === 'route' && onClose() },
            )
          }
        >
          {t('premium.plans.continue')}
        </Button>
      </DialogActions>
    </>
  );
}
