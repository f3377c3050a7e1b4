import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useAuth } from '../auth/index.ts';
import { useOrder } from './api.ts';
import { checkoutFailureText, useStartCheckout } from './checkout.ts';
import { parseOrderId, resultPath } from './format.ts';
import { usePlanDialog } from './plan-dialog-context.ts';

/**
 * /premium/error?order={id}: 'Payment Error', 'Unknown error occurred' and Retry, which starts a
 * new checkout for the same plan and units (or, without a readable order, opens the plan choice).
 */
export function ErrorPage() {
  const { t } = useTranslation();
  const { token } = useAuth();
  const [params] = useSearchParams();
  const orderId = token === null ? null : parseOrderId(params.get('order'));
  const order = useOrder(orderId);
  const checkout = useStartCheckout();
  const { openPlans } = usePlanDialog();

  // The order went through after all (paid elsewhere, a late confirmation): say so, not "error".
  if (order.data?.status === 'paid') return <Navigate to={resultPath('success', order.data.id)} replace />;

  const retry = () => {
    if (order.data) checkout.mutate({ planId: order.data.plan.id, units: order.data.units });
    else openPlans();
  };
  const failure = checkout.error ? checkoutFailureText(t, checkout.error) : null;

  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      <ErrorOutlineIcon color="error" sx={{ fontSize: 56 }} />
      <Typography variant="h5" component="h1">
        {t('premium.paymentError')}
      </Typography>
      <Typography color="text.secondary">{t('premium.unknownError')}</Typography>
      {failure && <Alert severity="error">{failure}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button
          variant="contained"
          loading={checkout.isPending || checkout.isSuccess || (orderId !== null && order.isPending)}
          onClick={retry}
        >
          {t('premium.retry')}
        </Button>
        <Button variant="text" onClick={openPlans}>
          {t('premium.error.otherPlan')}
        </Button>
      </Stack>
    </Stack>
  );
}
