import type { Order } from '@vocagarden/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import HourglassEmptyOutlinedIcon from '@mui/icons-material/HourglassEmptyOutlined';
import LoginOutlinedIcon from '@mui/icons-material/LoginOutlined';
import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiRequestError } from '../../lib/api-client.ts';
import { errorText } from '../../lib/error-text.ts';
import { useAuth } from '../auth/index.ts';
import { useOrder, useRefreshAfterPayment } from './api.ts';
import { peekReturnPath, takeReturnPath } from './checkout.ts';
import { formatDate, parseOrderId, resultPath } from './format.ts';

/** How long a pending payment is waited for before the page says it is taking long. */
const PENDING_PATIENCE_MS = 2 * 60_000;

function Result({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      {icon}
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

function OrderNotFound() {
  const { t } = useTranslation();
  return (
    <Result icon={<SearchOffOutlinedIcon color="disabled" sx={{ fontSize: 56 }} />} title={t('premium.orderNotFound')}>
      <Typography color="text.secondary">{t('premium.success.notFoundText')}</Typography>
      <Button component={RouterLink} to="/profile" variant="outlined">
        {t('premium.success.toProfile')}
      </Button>
    </Result>
  );
}

/**
 * /premium/success?order={id}: what the order says, never more. Signed out it says nothing about
 * premium; a pending payment is polled; a failed one goes to the error page.
 */
export function SuccessPage() {
  const { t } = useTranslation();
  const { token } = useAuth();
  const [params] = useSearchParams();
  const orderId = parseOrderId(params.get('order'));

  if (token === null) {
    return (
      <Result
        icon={<LoginOutlinedIcon color="primary" sx={{ fontSize: 56 }} />}
        title={t('premium.success.signInTitle')}
      >
        <Typography color="text.secondary">{t('premium.success.signInText')}</Typography>
        <Button component={RouterLink} to="/login" variant="contained">
          {t('premium.success.signIn')}
        </Button>
      </Result>
    );
  }
  if (orderId === null) return <OrderNotFound />;
  return <OrderResult key={orderId} orderId={orderId} />;
}

function OrderResult({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const [pollUntil] = useState(() => Date.now() + PENDING_PATIENCE_MS);
  const [patienceOver, setPatienceOver] = useState(false);
  const order = useOrder(orderId, { pollUntil });
  const pending = order.data?.status === 'pending';

  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setPatienceOver(true), Math.max(0, pollUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [pending, pollUntil]);

  if (order.error instanceof ApiRequestError && order.error.status === 404) return <OrderNotFound />;
  if (order.isError) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'center' }}>
        <Alert severity="error">{errorText(t, order.error)}</Alert>
        <Button variant="contained" onClick={() => void order.refetch()}>
          {t('premium.retry')}
        </Button>
      </Stack>
    );
  }
  if (!order.data || (pending && !patienceOver)) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress />
        <Typography color="text.secondary">{t('premium.success.checking')}</Typography>
      </Stack>
    );
  }
  if (pending) {
    return (
      <Result
        icon={<HourglassEmptyOutlinedIcon color="warning" sx={{ fontSize: 56 }} />}
        title={t('premium.success.slowTitle')}
      >
        <Typography color="text.secondary">{t('premium.success.slowText')}</Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('premium.success.checkAgain')}
        </Button>
      </Result>
    );
  }
  if (order.data.status === 'failed') return <Navigate to={resultPath('error', orderId)} replace />;
  return <Paid order={order.data} />;
}

function Paid({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefreshAfterPayment();
  const refreshed = useRef(false);
  const [returnPath] = useState(peekReturnPath);
  useEffect(() => {
    if (refreshed.current) return;
    refreshed.current = true;
    void refresh();
  }, [refresh]);

  const end = order.subscription?.end_date;
  return (
    <Result icon={<CheckCircleOutlineIcon color="success" sx={{ fontSize: 56 }} />} title={t('premium.successTitle')}>
      <Typography color="text.secondary" data-testid="premium-until">
        {end ? t('premium.success.until', { date: formatDate(end, i18n.language) }) : t('premium.success.active')}
      </Typography>
      <Button
        variant="contained"
        autoFocus
        onClick={() => {
          takeReturnPath();
          void navigate(returnPath ?? '/vocabulary');
        }}
      >
        {t('premium.success.continue')}
      </Button>
    </Result>
  );
}
