/**
 * A Back or Forward that a page may hold before React Router hears of it (useLeaveGuard). React
 * Router's declarative router has no blocker (decision 036), and listeners on window run in the
 * order they were added, capturing or not: so this one is added before the router's, as the app
 * starts (main.tsx), and hands each popstate to the page's guard, if one is set.
 */
type PopStateGuard = (event: PopStateEvent) => void;

let guard: PopStateGuard | null = null;

export function listenBeforeTheRouter(): void {
  window.addEventListener('popstate', (event) => guard?.(event));
}

/** Sets the guard until the returned function is called; it may call stopImmediatePropagation. */
export function guardPopState(next: PopStateGuard): () => void {
  guard = next;
  return () => {
    if (guard === next) guard = null;
  };
}
