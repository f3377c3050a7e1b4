import { authEndpoints, type Session } from '@vocagarden/contract';
import { call } from '../../lib/api-client.ts';

/** sessionStorage key of the secret this tab keeps while a third-party sign-in it started is under way. */
const BINDING_KEY = 'vocagarden.oidcBinding';

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
export function startThirdPartySignIn(startUrl: string): void {
  const binding = randomBinding();
  sessionStorage.setItem(BINDING_KEY, binding);
  window.location.assign(`${startUrl}?binding=${binding}`);
}

/** Trades the code from /login#oidc=… and this tab's secret for a session; the secret is used once. */
export async function finishThirdPartySignIn(code: string): Promise<Session | null> {
  const binding = sessionStorage.getItem(BINDING_KEY);
  sessionStorage.removeItem(BINDING_KEY);
  if (!binding) return null;
  return call(authEndpoints.oidcExchange, { body: { code, binding } });
}
