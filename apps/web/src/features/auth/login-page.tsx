import type { Session } from '@vocagarden/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FIRST_PAGE_TEXTS } from '../../lib/i18n.ts';
import { Link as RouterLink, Navigate, useLocation, useNavigate } from 'react-router';
import { OutlinedField } from '../../components/outlined-field.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { errorText } from '../../lib/error-text.ts';
import { callFirstPage } from '../../lib/lazy-endpoints.ts';
import { useTakenOver } from '../../lib/prerendered-value.ts';
import { AuthCard } from './auth-card.tsx';
import { useAuth } from './auth-provider.tsx';
import { pathAfterSignIn, useNextPath, withNext } from './next-path.ts';
import { ProviderButtons } from './provider-buttons.tsx';
import { useThirdPartyReturn } from './use-third-party-return.ts';

type Mode = 'password' | 'code';

function loginFailure(t: ReturnType<typeof useTranslation>['t'], error: unknown) {
  if (!error) return undefined;
  return error instanceof ApiRequestError && error.status < 500 ? errorText(t, error) : t('auth.loginFailed');
}

export function LoginPage() {
  const { t } = useTranslation(FIRST_PAGE_TEXTS);
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const takenOver = useTakenOver();
  const [mode, setMode] = useState<Mode>('password');
  const [code, setCode] = useState('');
  /** The address the code went to: the email field is disabled from then on. */
  const [codeSentTo, setCodeSentTo] = useState<string>();
  const [sending, setSending] = useState(false);
  const [sendFailure, setSendFailure] = useState<unknown>(null);
  /** Set once a session has arrived, while the app moves on from this page. */
  const [signedIn, setSignedIn] = useState(false);
  // The page that sent the visitor here (?next=), returned to once signed in.
  const next = useNextPath();
  const onSignedIn = async (session: Session, returnTo: string | null = next) => {
    setSignedIn(true);
    await auth.signIn(session);
    void navigate(pathAfterSignIn(session.user, returnTo), { replace: true });
  };
  const thirdParty = useThirdPartyReturn(onSignedIn);
  const thirdPartyFailed = new URLSearchParams(location.search).get('error') === 'oidc_failed' || thirdParty.failed;

  // Plain state rather than a TanStack Query mutation: the sign-in page comes with the first page,
  // which goes without the query cache (decision 040).
  const send = async (request: () => Promise<void>) => {
    setSending(true);
    setSendFailure(null);
    try {
      await request();
    } catch (error) {
      setSendFailure(error);
    } finally {
      setSending(false);
    }
  };

  if (auth.token && !thirdParty.handling && !signedIn) {
    return <Navigate to={next ?? '/home'} replace />;
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Read from the form, not kept in state: the page is prerendered, and what was typed before the
    // app took it over counts too (decision 038).
    const fields = new FormData(event.currentTarget);
    const email = String(fields.get('email') ?? '');
    const password = String(fields.get('password') ?? '');
    void send(async () => {
      if (mode === 'password') {
        await onSignedIn(await callFirstPage((api) => api.authEndpoints.login, { body: { email, password } }));
      } else if (codeSentTo !== undefined) {
        const body = { email: codeSentTo, code };
        await onSignedIn(await callFirstPage((api) => api.authEndpoints.loginCodeVerify, { body }));
      } else {
        await callFirstPage((api) => api.authEndpoints.loginCode, { body: { email } });
        setCodeSentTo(email);
      }
    });
  };
  const switchMode = (next: Mode) => {
    setMode(next);
    setCodeSentTo(undefined);
    setSendFailure(null);
  };
  const failure = (thirdPartyFailed && t('errors.oidc_failed')) || loginFailure(t, sendFailure);

  return (
    <AuthCard title={t('auth.signInTitle')}>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        {failure && <Alert severity="error">{failure}</Alert>}
        <OutlinedField
          label={t('auth.email')}
          type="email"
          name="email"
          autoComplete="email"
          disabled={mode === 'code' && codeSentTo !== undefined}
          required
          autoFocus
        />
        {mode === 'password' ? (
          <OutlinedField
            label={t('auth.password')}
            type="password"
            name="password"
            autoComplete="current-password"
            required
          />
        ) : (
          codeSentTo !== undefined && (
            <OutlinedField
              label={t('auth.code')}
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
              helperText={t('auth.codeSent', { email: codeSentTo })}
              inputProps={{ inputMode: 'numeric', autoComplete: 'one-time-code' }}
              required
              autoFocus
            />
          )
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          // Until the app has taken the prerendered page over, a press would submit it as plain HTML.
          disabled={!takenOver}
          loading={sending}
        >
          {mode === 'code' && codeSentTo === undefined ? t('auth.sendCode') : t('auth.signIn')}
        </Button>
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => switchMode(mode === 'password' ? 'code' : 'password')}
          >
            {mode === 'password' ? t('auth.signInWithCode') : t('auth.signInWithPassword')}
          </Link>
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            {t('auth.forgotPassword')}
          </Link>
        </Stack>
      </Stack>
      <ProviderButtons next={next} />
      <Typography variant="body2">
        {t('auth.noAccount')}{' '}
        <Link component={RouterLink} to={withNext('/signup', next)}>
          {t('auth.signUp')}
        </Link>
      </Typography>
    </AuthCard>
  );
}
