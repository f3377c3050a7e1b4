import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { ConfirmOptions } from './confirm-provider.tsx';

/** ConfirmProvider's dialog (small max width, full width), open while a confirmation is asked for. */
export function ConfirmDialog({ options, answer }: { options: ConfirmOptions | null; answer(value: boolean): void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={options !== null} onClose={() => answer(false)} maxWidth="sm" fullWidth>
      <DialogTitle>{options?.title ?? t('common.confirmTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{options?.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => answer(false)}>{t('common.cancel')}</Button>
        <Button
          onClick={() => answer(true)}
          variant="contained"
          color={options?.destructive ? 'error' : 'primary'}
          autoFocus
        >
          {options?.confirmText ?? t('common.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
