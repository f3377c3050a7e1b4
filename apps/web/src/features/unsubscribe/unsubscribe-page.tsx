import { emailEndpoints, type UnsubscribeInfo } from '@vocagarden/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { call } from '../../lib/api-client.ts';
import { errorText } from '../../lib/error-text.ts';

function Done({ info }: { info: UnsubscribeInfo }) {
  const { t } = useTranslation();
  return (
    <Alert severity="success" role="status" data-testid="unsubscribed">
      <Typography sx={{ mb: 1 }}>
        {t('unsubscribe.done', { kind: t(`profile.emailPreferences.${info.kind}`), email: info.email })}
      </Typography>
      <Link component={RouterLink} to="/profile">
        {t('unsubscribe.settings')}
      </Link>
    </Alert>
  );
}

/**
 * /unsubscribe?token=…, the footer link of every optional email (decision 018). It asks before
 * unsubscribing: opening a link changes nothing, so a mail scanner that follows every link
 * unsubscribes nobody. No sign-in: the signed token is the proof.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token') ?? '';
  const info = useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: () => call(emailEndpoints.unsubscribeInfo, { query: { token } }),
    enabled: token !== '',
    retry: false,
  });
  const unsubscribe = useMutation({ mutationFn: () => call(emailEndpoints.unsubscribe, { query: { token } }) });
  const current = unsubscribe.data ?? info.data;

  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
          {t('unsubscribe.title')}
        </Typography>
        {token === '' || info.isError ? (
          <Alert severity="error">{token === '' ? t('errors.invalid_link') : errorText(t, info.error)}</Alert>
        ) : !current ? (
          <Skeleton variant="rounded" height={96} />
        ) : !current.subscribed ? (
          <Done info={current} />
        ) : (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Typography>
              {t('unsubscribe.question', {
                kind: t(`profile.emailPreferences.${current.kind}`),
                email: current.email,
              })}
            </Typography>
            {unsubscribe.isError && <Alert severity="error">{errorText(t, unsubscribe.error)}</Alert>}
            <Button variant="contained" onClick={() => unsubscribe.mutate()} loading={unsubscribe.isPending}>
              {t('unsubscribe.confirm')}
            </Button>
          </Stack>
        )}
      </Paper>
    </Container>
  );
}
