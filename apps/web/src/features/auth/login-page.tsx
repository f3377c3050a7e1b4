import type { Session } from '@vocagarden/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
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
  // The page that sent the visitor here (?next=), returned to once signed in.
  const next = useNextPath();
  const onSignedIn = async (session: Session, returnTo: string | null = next) => {
    await auth.signIn(session);
    void navigate(pathAfterSignIn(session.user, returnTo), { replace: true });
  };
  const thirdParty = useThirdPartyReturn(onSignedIn);
  const thirdPartyFailed = new URLSearchParams(location.search).get('error') === 'oidc_failed' || thirdParty.failed;
  const login = useMutation({
    mutationFn: (body: { email: string; password: string }) =>
      callFirstPage((api) => api.authEndpoints.login, { body }),
    onSuccess: (session) => onSignedIn(session),
  });
  const sendCode = useMutation({
    mutationFn: (email: string) => callFirstPage((api) => api.authEndpoints.loginCode, { body: { email } }),
  });
  // The address the code went to: the email field is disabled from then on.
  const codeSentTo = sendCode.isSuccess ? sendCode.variables : undefined;
  const verifyCode = useMutation({
    mutationFn: (body: { email: string; code: string }) =>
      callFirstPage((api) => api.authEndpoints.loginCodeVerify, { body }),
    onSuccess: (session) => onSignedIn(session),
  });

  if (auth.token && !thirdParty.handling && !login.isSuccess && !verifyCode.isSuccess) {
    return <Navigate to={next ?? '/home'} replace />;
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Read from the form, not kept in state: the page is prerendered, and what was typed before the
    // app took it over counts too (decision 038).
    const fields = new FormData(event.currentTarget);
    const email = String(fields.get('email') ?? '');
    if (mode === 'password') login.mutate({ email, password: String(fields.get('password') ?? '') });
    else if (codeSentTo !== undefined) verifyCode.mutate({ email: codeSentTo, code });
    else sendCode.mutate(email);
  };
  const switchMode = (next: Mode) => {
    setMode(next);
    login.reset();
    sendCode.reset();
    verifyCode.reset();
  };
  const failure =
    (thirdPartyFailed && t('errors.oidc_failed')) ||
    loginFailure(t, login.error) ||
    loginFailure(t, sendCode.error) ||
    loginFailure(t, verifyCode.error);

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
          loading={login.isPending || sendCode.isPending || verifyCode.isPending}
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
