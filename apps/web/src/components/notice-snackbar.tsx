import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { Notice } from './snackbar-provider.tsx';

/** SnackbarProvider's snackbar: one notice, top centre, hidden after `autoHideMs`. */
export function NoticeSnackbar({
  notice,
  open,
  autoHideMs,
  onClose,
}: {
  notice: Notice;
  open: boolean;
  autoHideMs: number;
  onClose(): void;
}) {
  return (
    <Snackbar
      key={notice.key}
      open={open}
      autoHideDuration={autoHideMs}
      onClose={(_event, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <Alert severity={notice.severity} variant="filled" onClose={onClose}>
        {notice.message}
      </Alert>
    </Snackbar>
  );
}
