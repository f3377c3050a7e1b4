import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * False while a prerendered page is drawn as the HTML has it (the build's prerendering, and React's
 * hydration of it), true once the app has taken it over: a control that needs the app, such as a
 * form's submit button, stays disabled until then rather than act as plain HTML.
 */
export function useTakenOver(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}
