import { createContext, lazy, Suspense, useCallback, useContext, useRef, useState, type ReactNode } from 'react';

// The dialog arrives with the first confirmation asked for, not with the first page (decision 027).
const ConfirmDialog = lazy(() => import('./confirm-dialog.tsx').then((module) => ({ default: module.ConfirmDialog })));

export interface ConfirmOptions {
  message: string;
  title?: string;
  confirmText?: string;
  destructive?: boolean;
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;
const ConfirmContext = createContext<Confirm | null>(null);

/** One confirmation dialog for the whole app (small max width, full width), awaited as a promise. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  // Once asked for, the dialog stays mounted, so it can play its closing transition.
  const [shown, setShown] = useState(false);
  const resolver = useRef<(answer: boolean) => void>(undefined);

  const confirm = useCallback<Confirm>(
    (next) =>
      new Promise<boolean>((resolve) => {
        resolver.current = resolve;
        setOptions(next);
        setShown(true);
      }),
    [],
  );
  const answer = (value: boolean) => {
    resolver.current?.(value);
    setOptions(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {shown && (
        <Suspense fallback={null}>
          <ConfirmDialog options={options} answer={answer} />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used inside ConfirmProvider');
  return confirm;
}
