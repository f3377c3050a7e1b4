import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

interface Notice {
  key: number;
  message: string;
  severity: AlertColor;
}

type Notify = (message: string, severity?: AlertColor) => void;
const NotifyContext = createContext<Notify | null>(null);

/** Spec §9: snackbars sit top centre and hide after 2000 ms (3000 ms where a page asks). */
export function SnackbarProvider({ children, autoHideMs = 2000 }: { children: ReactNode; autoHideMs?: number }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [open, setOpen] = useState(false);
  const notify = useCallback<Notify>((message, severity = 'success') => {
    setNotice({ key: Date.now(), message, severity });
    setOpen(true);
  }, []);
  const value = useMemo(() => notify, [notify]);
  return (
    <NotifyContext.Provider value={value}>
      {children}
      <Snackbar
        key={notice?.key}
        open={open}
        autoHideDuration={autoHideMs}
        onClose={(_event, reason) => reason !== 'clickaway' && setOpen(false)}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Alert severity={notice?.severity ?? 'success'} variant="filled" onClose={() => setOpen(false)}>
          {notice?.message}
        </Alert>
      </Snackbar>
    </NotifyContext.Provider>
  );
}

export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify must be used inside SnackbarProvider');
  return notify;
}
