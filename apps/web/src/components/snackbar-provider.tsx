import type { AlertColor } from '@mui/material/Alert';
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

// The snackbar arrives with the first notice, not with the first page (decision 027).
const NoticeSnackbar = lazy(() =>
  import('./notice-snackbar.tsx').then((module) => ({ default: module.NoticeSnackbar })),
);

export interface Notice {
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
      {notice && (
        <Suspense fallback={null}>
          <NoticeSnackbar notice={notice} open={open} autoHideMs={autoHideMs} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </NotifyContext.Provider>
  );
}

export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify must be used inside SnackbarProvider');
  return notify;
}
