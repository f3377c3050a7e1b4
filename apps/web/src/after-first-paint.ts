/**
 * The first script of the pages the app hydrates (`/` and `/login`, decision 038), loaded as a classic
 * script: it requests the app's entry (its `data-entry`) once the page has painted. The prerendered
 * page is complete without it, and an entry requested with the page would arrive first on a fast
 * connection, run before the first paint and hold it back.
 */
const entry = document.currentScript?.dataset.entry;
if (!entry) throw new Error('this page names no entry to start');
const start = () => void import(/* @vite-ignore */ entry);

if (document.visibilityState === 'hidden') {
  // A hidden tab paints nothing: nothing to wait for.
  start();
} else if (PerformanceObserver.supportedEntryTypes.includes('paint')) {
  // Reported once the paint is on the screen.
  new PerformanceObserver((_paints, observer) => {
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
} else {
  // After the next frame, which paints the page.
  requestAnimationFrame(() => setTimeout(start, 0));
}
