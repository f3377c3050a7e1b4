import { authEndpoints } from '@vocagarden/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TFunction } from 'i18next';
import { ApiRequestError, call } from '../../lib/api-client.ts';
import { errorText, minutesToWait } from '../../lib/error-text.ts';
import { AuthCard } from './auth-card.tsx';

/**
 * Why no link was sent. A second request while a recent link is live says when a new one can be
 * asked for (the server's `retry_after`, decision 021), not just that one was sent.
 */
function requestFailure(t: TFunction, error: unknown): string {
  const minutes = minutesToWait(error);
  if (error instanceof ApiRequestError && error.code === 'reset_already_sent' && minutes !== undefined) {
    return `${t('errors.reset_already_sent')} ${t('auth.newLinkIn', { count: minutes })}`;
  }
  return errorText(t, error);
}

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const request = useMutation({ mutationFn: () => call(authEndpoints.passwordReset, { body: { email } }) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate();
  };
  return (
    <AuthCard title={t('auth.forgotPassword')}>
      {request.isSuccess ? (
        <Alert severity="success">{t('auth.resetSent', { email })}</Alert>
      ) : (
        <Stack component="form" spacing={2} onSubmit={submit} noValidate>
          {request.error && <Alert severity="error">{requestFailure(t, request.error)}</Alert>}
          <TextField
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            helperText={t('auth.resetHelp')}
            required
            autoFocus
          />
          <Button type="submit" variant="contained" size="large" loading={request.isPending}>
            {t('auth.sendResetLink')}
          </Button>
        </Stack>
      )}
      <Link component={RouterLink} to="/login" variant="body2">
        {t('auth.backToSignIn')}
      </Link>
    </AuthCard>
  );
}
