import type { Session } from '@vocagarden/contract';
import { callFirstPage } from '../../lib/lazy-endpoints.ts';

import { safeNextPath } from './next-path.ts';

/** sessionStorage key of the secret this tab keeps while a third-party sign-in it started is under way. */
const BINDING_KEY = 'vocagarden.oidcBinding';
/** sessionStorage key of the page to return to once that sign-in is done (the provider drops our query). */
const NEXT_KEY = 'vocagarden.oidcNext';

function randomBinding(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * Leaves for the provider. The secret stays in this tab; the server keeps only its hash, so the
 * code the sign-in comes back with can be spent by this tab alone (a link with someone else's
 * code signs nobody in).
 */
export function startThirdPartySignIn(startUrl: string, next: string | null): void {
  const binding = randomBinding();
  sessionStorage.setItem(BINDING_KEY, binding);
  if (next) sessionStorage.setItem(NEXT_KEY, next);
  else sessionStorage.removeItem(NEXT_KEY);
  window.location.assign(`${startUrl}?binding=${binding}`);
}

/**
 * Trades the code from /login#oidc=… and this tab's secret for a session; the secret is used once.
 * `next` is the page the sign-in was started from (checked again: sessionStorage is the page's to write).
 */
export async function finishThirdPartySignIn(code: string): Promise<{ session: Session; next: string | null } | null> {
  const binding = sessionStorage.getItem(BINDING_KEY);
  const next = safeNextPath(sessionStorage.getItem(NEXT_KEY));
  sessionStorage.removeItem(BINDING_KEY);
  sessionStorage.removeItem(NEXT_KEY);
  if (!binding) return null;
  return {
    session: await callFirstPage((api) => api.authEndpoints.oidcExchange, { body: { code, binding } }),
    next,
  };
}
