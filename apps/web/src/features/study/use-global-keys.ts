import { useEffect } from 'react';

/**
 * Keyboard shortcuts for a study card. Keys pressed in a dialog over the card (reporting a word,
 * leaving the session) are the dialog's; a focused button or link answers Enter and Space itself,
 * so handling them here too would act twice; and keys with a modifier are the browser's (Alt+←
 * goes back).
 */
export function useGlobalKeys(handler: (event: KeyboardEvent) => void) {
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (event.altKey || event.ctrlKey || event.metaKey || target?.closest('[role="dialog"]')) return;
      if ((event.key === 'Enter' || event.key === ' ') && target?.closest('button, a')) return;
      handler(event);
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [handler]);
}
