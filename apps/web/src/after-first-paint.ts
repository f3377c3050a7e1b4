/**
 * The first script of the pages the app hydrates (`/` and `/login`, decision 038), loaded as a classic
 * script: it requests the app's entry (its `data-entry`) once the page has painted its content, and
 * beside it the page's own chunks (`data-preload`, decision 040), which the entry would only ask for
 * once it runs.
 * The prerendered page is complete without them, and an entry requested with the page would arrive
 * first on a fast connection, run before the first paint and hold it back.
 */
const { entry, preload = '' } = document.currentScript?.dataset ?? {};
if (!entry) throw new Error('this page names no entry to start');
const start = () => {
  for (const href of preload.split(' ').filter(Boolean)) {
    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href });
    document.head.append(link);
  }
  void import(/* @vite-ignore */ entry);
};

if (document.visibilityState === 'hidden') {
  // A hidden tab paints nothing: nothing to wait for.
  start();
} else if (PerformanceObserver.supportedEntryTypes.includes('paint')) {
  // Reported once the paint is on the screen. The page's first contentful paint, its text: a first
  // paint of the top bar's colour alone can come hundreds of milliseconds before it.
  new PerformanceObserver((paints, observer) => {
    if (paints.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
} else {
  // After the next frame, which paints the page.
  requestAnimationFrame(() => setTimeout(start, 0));
}
