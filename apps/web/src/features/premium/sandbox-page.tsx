import type { Order } from '@vocagarden/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ApiRequestError } from '../../lib/api-client.ts';
import { errorText } from '../../lib/error-text.ts';
import { useOrder, useSandboxOutcome } from './api.ts';
import { Price } from './components/price.tsx';
import { parseOrderId, resultPath, unitsLabel } from './format.ts';

const orderResultPath = (order: Pick<Order, 'id' | 'status'>) =>
  resultPath(order.status === 'failed' ? 'error' : 'success', order.id);

/** /premium/sandbox/{orderId}: the built-in test provider's "payment form" — no real money moves. */
export function SandboxPage() {
  const { t } = useTranslation();
  const orderId = parseOrderId(useParams().orderId);
  const order = useOrder(orderId);

  return (
    <Stack spacing={2.5} sx={{ textAlign: 'left' }}>
      <Typography variant="h5" component="h1" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <ScienceOutlinedIcon color="warning" />
        {t('premium.sandbox.title')}
      </Typography>
      <Alert severity="warning" variant="filled" data-testid="sandbox-warning">
        <AlertTitle>{t('premium.sandbox.warningTitle')}</AlertTitle>
        {t('premium.sandbox.warning')}
      </Alert>
      {orderId === null || (order.error instanceof ApiRequestError && order.error.status === 404) ? (
        <Alert severity="error">{t('premium.orderNotFound')}</Alert>
      ) : order.isError ? (
        <Alert severity="error">{errorText(t, order.error)}</Alert>
      ) : !order.data ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      ) : (
        <SandboxOrder order={order.data} />
      )}
    </Stack>
  );
}

function SandboxOrder({ order }: { order: Order }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const outcome = useSandboxOutcome(order.id);
  const decide = (choice: 'paid' | 'declined') =>
    outcome.mutate(choice, {
      onSuccess: (decided) => void navigate(orderResultPath(decided), { replace: true }),
      // Decided elsewhere already (another tab): its result page tells the truth.
      onError: (error) => {
        if (error instanceof ApiRequestError && error.status === 409)
          void navigate(resultPath('success', order.id), { replace: true });
      },
    });

  return (
    <>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 3, rowGap: 1 }}>
        <Typography component="dt" color="text.secondary">
          {t('premium.plans.plan')}
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 600 }} data-testid="sandbox-plan">
          {t(`premium.plans.${order.plan.unit}`)}
        </Typography>
        <Typography component="dt" color="text.secondary">
          {t('premium.plans.duration')}
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 600 }} data-testid="sandbox-units">
          {unitsLabel(t, order.plan.unit, order.units)}
        </Typography>
        <Typography component="dt" color="text.secondary" sx={{ alignSelf: 'center' }}>
          {t('premium.sandbox.amount')}
        </Typography>
        <Box component="dd" sx={{ m: 0 }} data-testid="sandbox-amount">
          <Price amount={order.amount} currency={order.currency} />
        </Box>
      </Box>
      {order.status === 'pending' ? (
        <>
          {outcome.isError && !(outcome.error instanceof ApiRequestError && outcome.error.status === 409) && (
            <Alert severity="error">{errorText(t, outcome.error)}</Alert>
          )}
          <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
            <Button
              variant="outlined"
              color="error"
              disabled={outcome.isPending}
              loading={outcome.isPending && outcome.variables === 'declined'}
              onClick={() => decide('declined')}
            >
              {t('premium.sandbox.decline')}
            </Button>
            <Button
              variant="contained"
              disabled={outcome.isPending}
              loading={outcome.isPending && outcome.variables === 'paid'}
              onClick={() => decide('paid')}
            >
              {t('premium.sandbox.pay')}
            </Button>
          </Stack>
        </>
      ) : (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={orderResultPath(order)} color="inherit" size="small" replace>
              {t('premium.sandbox.seeResult')}
            </Button>
          }
        >
          {t('premium.sandbox.alreadyDecided')}
        </Alert>
      )}
    </>
  );
}
