import { SectionCard } from '../../components/section-card.tsx';
import { authEndpoints, type User } from '@vocagarden/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/snackbar-provider.tsx';
import { call } from '../../lib/api-client.ts';
import { errorText, fieldErrorText, fieldProblemsOf } from '../../lib/error-text.ts';
import { sessionsQueryKey } from './signed-in-devices.tsx';

const emptyForm = { current: '', next: '', repeat: '' };

/** Changing the password with the current one; the server signs every other device out. */
export function ChangePassword({ user }: { user: User }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(emptyForm);
  const change = useMutation({
    mutationFn: () =>
      call(authEndpoints.passwordChange, { body: { current_password: form.current, new_password: form.next } }),
    onSuccess() {
      setForm(emptyForm);
      notify(t('profile.passwordChanged'), 'success');
      void queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    },
  });

  const problems = fieldProblemsOf(change.error);
  const fieldError = (name: string) => fieldErrorText(t, problems, name);
  const generalError = change.error && Object.keys(problems).length === 0 ? errorText(t, change.error) : undefined;
  const mismatch = form.repeat.length > 0 && form.repeat !== form.next;
  const field = (name: keyof typeof emptyForm) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!mismatch) change.mutate();
  };

  return (
    <SectionCard title={t('profile.changePassword')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('profile.changePasswordHelp')}
      </Typography>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate sx={{ maxWidth: 480 }}>
        {generalError && <Alert severity="error">{generalError}</Alert>}
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
        <TextField
          label={t('profile.currentPassword')}
          type="password"
          autoComplete="current-password"
          required
          error={Boolean(fieldError('current_password'))}
          helperText={fieldError('current_password')}
          {...field('current')}
        />
        <TextField
          label={t('auth.newPassword')}
          type="password"
          autoComplete="new-password"
          required
          error={Boolean(fieldError('new_password'))}
          helperText={fieldError('new_password')}
          {...field('next')}
        />
        <TextField
          label={t('auth.repeatPassword')}
          type="password"
          autoComplete="new-password"
          required
          error={mismatch}
          helperText={mismatch ? t('auth.passwordsDiffer') : undefined}
          {...field('repeat')}
        />
        <div>
          <Button
            type="submit"
            variant="contained"
            loading={change.isPending}
            disabled={!form.current || !form.next || !form.repeat || mismatch}
          >
            {t('profile.changePassword')}
          </Button>
        </div>
      </Stack>
    </SectionCard>
  );
}
