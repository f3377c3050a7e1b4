import { SectionCard } from '../../components/section-card.tsx';
import { accountEndpoints, authEndpoints, type User } from '@vocagarden/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/snackbar-provider.tsx';
import { ApiRequestError, call } from '../../lib/api-client.ts';
import { errorText, throttledText } from '../../lib/error-text.ts';
import { useAuth } from '../auth/index.ts';

/** Account deletion behind a confirmation that asks for the password (or an emailed code). */
export function DeleteAccount({ user }: { user: User }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { forgetSession } = useAuth();
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState('');
  const sendCode = useMutation({ mutationFn: () => call(authEndpoints.loginCode, { body: { email: user.email } }) });
  const remove = useMutation({
    mutationFn: () =>
      call(accountEndpoints.deleteAccount, { body: user.has_password ? { password: secret } : { code: secret } }),
    async onSuccess() {
      notify(t('profile.accountDeleted'), 'success');
      forgetSession('/');
    },
    onError(error) {
      // A wrong password is the user's to fix in the dialog; too many wrong ones say how long to
      // wait; anything else is the spec's failure text.
      if (!(error instanceof ApiRequestError && error.status === 400)) {
        notify(throttledText(t, error) ?? t('profile.deleteFailed'), 'error');
      }
    },
  });
  const wrongSecret = remove.error instanceof ApiRequestError && remove.error.status === 400;
  const close = () => {
    setOpen(false);
    setSecret('');
    remove.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate();
  };

  return (
    <SectionCard title={t('profile.deleteAccount')} danger>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('profile.deleteWarning')}
      </Typography>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
        {t('profile.deleteAccount')}
      </Button>
      <Dialog open={open} onClose={close} maxWidth="sm" fullWidth>
        <form onSubmit={submit}>
          <DialogTitle>{t('profile.deleteConfirmTitle')}</DialogTitle>
          <DialogContent>
            <Stack spacing={2}>
              <DialogContentText>{t('profile.deleteWarning')}</DialogContentText>
              {wrongSecret && <Alert severity="error">{errorText(t, remove.error)}</Alert>}
              {!user.has_password && (
                <Button variant="outlined" onClick={() => sendCode.mutate()} loading={sendCode.isPending}>
                  {sendCode.isSuccess ? t('auth.codeSent', { email: user.email }) : t('auth.sendCode')}
                </Button>
              )}
              <TextField
                label={user.has_password ? t('auth.password') : t('auth.code')}
                type={user.has_password ? 'password' : 'text'}
                autoComplete={user.has_password ? 'current-password' : 'one-time-code'}
                value={secret}
                onChange={(event) => setSecret(event.target.value)}
                autoFocus
                required
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button type="submit" color="error" variant="contained" loading={remove.isPending} disabled={!secret}>
              {t('profile.deleteForever')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </SectionCard>
  );
}
