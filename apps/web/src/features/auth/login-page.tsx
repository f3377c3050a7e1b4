import { apiPaths, type Session } from '@vocagarden/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router';
import { api, ApiRequestError } from '../../lib/api-client.ts';
import { errorText } from '../../lib/error-text.ts';
import { AuthCard } from './auth-card.tsx';
import { useAuth } from './auth-provider.tsx';

export function LoginPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useMutation({
    mutationFn: () => api.post<Session>(apiPaths.login, { email, password }),
    onSuccess(session) {
      auth.signIn(session);
      void navigate('/home', { replace: true });
    },
  });

  if (auth.token && !login.isSuccess) return <Navigate to="/home" replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate();
  };
  const failure =
    login.error instanceof ApiRequestError && login.error.status === 400
      ? errorText(t, login.error)
      : login.error && t('auth.loginFailed');

  return (
    <AuthCard title={t('auth.signInTitle')}>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        {failure && <Alert severity="error">{failure}</Alert>}
        <TextField
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
          autoFocus
        />
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        <Button type="submit" variant="contained" size="large" loading={login.isPending}>
          {t('auth.signIn')}
        </Button>
      </Stack>
      <Typography variant="body2">
        {t('auth.noAccount')}{' '}
        <Link component={RouterLink} to="/signup">
          {t('auth.signUp')}
        </Link>
      </Typography>
    </AuthCard>
  );
}
