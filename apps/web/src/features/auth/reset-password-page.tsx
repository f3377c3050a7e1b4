import { authEndpoints } from '@vocagarden/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { call } from '../../lib/api-client.ts';
import { errorText, fieldErrorText, fieldProblemsOf } from '../../lib/error-text.ts';
import { AuthCard } from './auth-card.tsx';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  // The emailed link carries the token in the fragment, which no server ever logs; it is kept
  // here and dropped from the address bar and the history.
  const [token] = useState(() => new URLSearchParams(location.hash.slice(1)).get('token') ?? '');
  useEffect(() => {
    if (location.hash) void navigate(location.pathname, { replace: true });
  }, [location.hash, location.pathname, navigate]);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const reset = useMutation({
    mutationFn: () => call(authEndpoints.passwordResetConfirm, { body: { token, password } }),
  });
  const mismatch = repeat.length > 0 && repeat !== password;
  const passwordErrors = fieldErrorText(t, fieldProblemsOf(reset.error), 'password');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!mismatch) reset.mutate();
  };

  if (reset.isSuccess) {
    return (
      <AuthCard title={t('auth.resetPassword')}>
        <Alert severity="success">{t('auth.resetDone')}</Alert>
        <Button component={RouterLink} to="/login" variant="contained">
          {t('auth.signIn')}
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('auth.resetPassword')}>
      {!token && <Alert severity="error">{t('errors.invalid_reset_token')}</Alert>}
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        {reset.error && !passwordErrors && <Alert severity="error">{errorText(t, reset.error)}</Alert>}
        <TextField
          label={t('auth.newPassword')}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={Boolean(passwordErrors)}
          helperText={passwordErrors}
          required
          autoFocus
        />
        <TextField
          label={t('auth.repeatPassword')}
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={(event) => setRepeat(event.target.value)}
          error={mismatch}
          helperText={mismatch ? t('auth.passwordsDiffer') : undefined}
          required
        />
        <Button type="submit" variant="contained" size="large" loading={reset.isPending} disabled={!token}>
          {t('auth.saveNewPassword')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
