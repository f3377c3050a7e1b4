import { startTransition, useEffect, useState } from 'react';

/**
 * Whether React is drawing a page as its prerendered HTML has it: the build's prerendering
 * (prerender.tsx), and the browser's takeover of that HTML (main.tsx hydrates it) until its first
 * commit (App's first effect).
 */
let drawingAsInHtml = false;

/** From now on, parts that mount draw as the prerendered HTML has them. */
export function startDrawingAsInHtml(): void {
  drawingAsInHtml = true;
}

/** The takeover has been committed: parts that mount from now on draw as in the browser at once. */
export function takeoverCommitted(): void {
  drawingAsInHtml = false;
}

/**
 * `inHtml()` while a prerendered page is drawn as its HTML has it (the build's prerendering, and
 * React's takeover of that HTML, which must match it), `inBrowser()` from then on: once the
 * takeover is committed, React draws the page again with it, without a mismatch. That second
 * drawing is a transition, in slices the browser can interleave with input, rather than one long
 * task as a store's change would be (decision 043).
 */
export function usePrerenderedValue<T>(inBrowser: () => T, inHtml: () => T): T {
  const [asInHtml] = useState(() => drawingAsInHtml);
  const [value, setValue] = useState(asInHtml ? inHtml : inBrowser);
  useEffect(() => {
    if (asInHtml) startTransition(() => setValue(inBrowser()));
    // The value in the browser is read once, as the first drawing outside a takeover reads it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asInHtml]);
  return value;
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
