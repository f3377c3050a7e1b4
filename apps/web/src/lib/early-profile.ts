import { PROFILE_REQUEST } from '@vocagarden/contract';
import { send } from './api-client.ts';
import { tokenStorage } from './token-storage.ts';

/** The profile request the loading screen's first script sent, with the token it was sent for. */
interface EarlyProfileRequest {
  token: string;
  response: Promise<Response>;
}

declare global {
  /** Set by src/early-profile.ts, a bundle of its own, until the app's first profile call takes it over. */
  var earlyProfileRequest: EarlyProfileRequest | undefined;
}

/**
 * Sends the signed-in user's profile request, the first call of every signed-in start, as the loading
 * screen arrives (src/early-profile.ts): beside the app's code rather than once the entry has
 * downloaded and run (decision 042). Nothing without a stored token.
 */
export function sendEarlyProfileRequest(): void {
  const token = tokenStorage.get();
  if (token === null) return;
  const response = send(token, PROFILE_REQUEST, undefined);
  // A failure is handled by the call that takes the request over, which may come after it.
  response.catch(() => undefined);
  globalThis.earlyProfileRequest = { token, response };
}

/**
 * The early request's answer if it was sent for `token`. Taken once: any later profile call asks the
 * server again.
 */
export function takeEarlyProfileResponse(token: string | null): Promise<Response> | undefined {
  const early = globalThis.earlyProfileRequest;
  globalThis.earlyProfileRequest = undefined;
  return early?.token === token ? early.response : undefined;
}
