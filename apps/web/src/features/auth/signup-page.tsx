import { authEndpoints, type UiLanguage } from '@vocagarden/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router';
import { ApiRequestError, call } from '../../lib/api-client.ts';
import { errorText, translateMessage } from '../../lib/error-text.ts';
import { AuthCard } from './auth-card.tsx';
import { useAuth } from './auth-provider.tsx';
import { ProviderButtons } from './provider-buttons.tsx';

const emptyForm = { first_name: '', last_name: '', email: '', password: '' };

export function SignupPage() {
  const { t, i18n } = useTranslation();
  const auth = useAuth();
  const navigate = useNavigate();
  const [form, setForm] = useState(emptyForm);
  const [acceptTerms, setAcceptTerms] = useState(false);
  const signup = useMutation({
    mutationFn: () =>
      call(authEndpoints.signup, {
        body: {
          ...form,
          // An unticked box is sent as is: the server's field error shows under the checkbox.
          accept_terms: acceptTerms,
          // The interface language the visitor is using becomes their native language.
          native_language_code: i18n.resolvedLanguage as UiLanguage,
        },
      }),
    onSuccess(session) {
      auth.signIn(session);
      void navigate('/home', { replace: true });
    },
  });

  if (auth.token && !signup.isSuccess) return <Navigate to="/home" replace />;

  const fieldErrors = signup.error instanceof ApiRequestError ? signup.error.fieldErrors : {};
  const fieldError = (name: string) => fieldErrors[name]?.map((message) => translateMessage(t, message)).join(' ');
  const generalError = signup.error && Object.keys(fieldErrors).length === 0 ? errorText(t, signup.error) : undefined;
  const field = (name: keyof typeof emptyForm) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value }),
    error: Boolean(fieldError(name)),
    helperText: fieldError(name),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signup.mutate();
  };

  return (
    <AuthCard title={t('auth.signUpTitle')}>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        {generalError && <Alert severity="error">{generalError}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField label={t('auth.firstName')} autoComplete="given-name" fullWidth {...field('first_name')} />
          <TextField label={t('auth.lastName')} autoComplete="family-name" fullWidth {...field('last_name')} />
        </Stack>
        <TextField label={t('auth.email')} type="email" autoComplete="email" required {...field('email')} />
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete="new-password"
          required
          {...field('password')}
        />
        <div>
          <FormControlLabel
            control={<Checkbox checked={acceptTerms} onChange={(event) => setAcceptTerms(event.target.checked)} />}
            label={
              <Trans
                i18nKey="auth.acceptTerms"
                components={{
                  terms: <Link component={RouterLink} to="/terms" target="_blank" />,
                  privacy: <Link component={RouterLink} to="/privacy" target="_blank" />,
                }}
              />
            }
          />
          {fieldError('accept_terms') && <FormHelperText error>{t('auth.mustAcceptTerms')}</FormHelperText>}
        </div>
        <Button type="submit" variant="contained" size="large" loading={signup.isPending}>
          {t('auth.createAccount')}
        </Button>
      </Stack>
      <ProviderButtons />
      <Typography variant="body2">
        {t('auth.haveAccount')}{' '}
        <Link component={RouterLink} to="/login">
          {t('auth.signIn')}
        </Link>
      </Typography>
    </AuthCard>
  );
}
