import { TOKEN_STORAGE_KEY } from '@vocagarden/contract';

/**
 * A staff member's "view the app as this user" token (decision 015) lives in this tab's
 * sessionStorage, so it never replaces the staff member's own session in their other tabs and
 * ends when the tab closes.
 */
const VIEW_AS_STORAGE_KEY = 'vocagarden.viewAsToken';

/** Called after every change of this tab's session (tokenStorage.onChange). */
const sessionListeners = new Set<() => void>();
const sessionChanged = () => sessionListeners.forEach((listener) => listener());

/** The API token lives in localStorage under the spec's key; only its presence gates routes. */
export const tokenStorage = {
  get: (): string | null =>
    // The build's prerendering (prerender.tsx) has no storage: its pages are the signed-out ones.
    typeof localStorage === 'undefined'
      ? null
      : (sessionStorage.getItem(VIEW_AS_STORAGE_KEY) ?? localStorage.getItem(TOKEN_STORAGE_KEY)),
  set: (token: string) => {
    sessionStorage.removeItem(VIEW_AS_STORAGE_KEY);
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
    sessionChanged();
  },
  /** Ends viewing as someone else if this tab does; otherwise forgets the session. */
  clear: () => {
    if (sessionStorage.getItem(VIEW_AS_STORAGE_KEY) !== null) sessionStorage.removeItem(VIEW_AS_STORAGE_KEY);
    else localStorage.removeItem(TOKEN_STORAGE_KEY);
    sessionChanged();
  },
  setViewAs: (token: string) => {
    sessionStorage.setItem(VIEW_AS_STORAGE_KEY, token);
    sessionChanged();
  },
  /**
   * Calls `listener` after every change of this tab's session (signing in or out, viewing the app as
   * someone else or no longer); returns its removal.
   */
  onChange: (listener: () => void): (() => void) => {
    sessionListeners.add(listener);
    return () => sessionListeners.delete(listener);
  },
};
