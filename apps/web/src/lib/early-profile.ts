import { PROFILE_REQUEST } from '@vocagarden/contract';
import { send } from './api-client.ts';
import { tokenStorage } from './token-storage.ts';

/** The profile request the loading screen's first script sent, with the token it was sent for. */
interface EarlyProfileRequest {
  token: string;
  response: Promise<Response>;
}

declare global {
  /**
   * Set by src/early-profile.ts, a bundle of its own, until the app's first profile call takes it
   * over; null from then on, when the app asks for itself.
   */
  var earlyProfileRequest: EarlyProfileRequest | null | undefined;
}

/**
 * Sends the signed-in user's profile request, the first call of every signed-in start, as the loading
 * screen arrives (src/early-profile.ts): beside the app's code rather than once the entry has
 * downloaded and run (decision 042). Nothing without a stored token.
 */
export function sendEarlyProfileRequest(): void {
  const token = tokenStorage.get();
  // With the app's code in the cache and not this script, the app may have started first: it has
  // asked itself, and an answer left here would be stale by the time anyone took it.
  if (token === null || globalThis.earlyProfileRequest === null) return;
  const response = send(token, PROFILE_REQUEST, undefined);
  // A failure is handled by the call that takes the request over, which may come after it.
  response.catch(() => undefined);
  globalThis.earlyProfileRequest = { token, response };
}

/**
 * The early request's answer if it was sent for `token`. Only the app's first profile call may take
 * it: any later one, and the early script if it runs after that, ask the server again.
 */
export function takeEarlyProfileResponse(token: string | null): Promise<Response> | undefined {
  const early = globalThis.earlyProfileRequest;
  globalThis.earlyProfileRequest = null;
  return early?.token === token ? early.response : undefined;
}
