import { useEffect } from 'react';

/** Keyboard shortcuts for a study card, ignoring keys a focused button or link answers itself. */
export function useGlobalKeys(handler: (event: KeyboardEvent) => void) {
  useEffect(() => {
    // A focused button answers Enter and Space itself; handling them here too would act twice.
    const listener = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLButtonElement || event.target instanceof HTMLAnchorElement) return;
      handler(event);
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [handler]);
}
