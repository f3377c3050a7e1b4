import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * `inHtml()` while a prerendered page is drawn as its HTML has it (the build's prerendering, and
 * React's hydration of that HTML, which must match it), `inBrowser()` from then on: React draws the
 * page again with it once the hydration is done, without a mismatch.
 */
export function usePrerenderedValue<T>(inBrowser: () => T, inHtml: () => T): T {
  return useSyncExternalStore(unchanging, inBrowser, inHtml);
}

/**
 * False until the app has taken a prerendered page over: a control that needs the app, such as a
 * form's submit button, stays disabled until then rather than act as plain HTML.
 */
export function useTakenOver(): boolean {
  return usePrerenderedValue(
    () => true,
    () => false,
  );
}
