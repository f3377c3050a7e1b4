import { PROFILE_REQUEST, type EndpointDefinition, type EndpointResult, type User } from '@vocagarden/contract';
import { callWithToken, readAnswer, send, type CallInput } from './api-client.ts';
import { takeEarlyProfileResponse } from './early-profile.ts';
import type * as endpoints from './first-page-endpoints.ts';
import { tokenStorage } from './token-storage.ts';

type FirstPageEndpoints = typeof endpoints;

/**
 * The endpoints of the first page's calls, loaded (with their schemas and Zod) on the first call
 * rather than with the first page (decision 027).
 */
const firstPageEndpoints = () => import('./first-page-endpoints.ts');

/**
 * call() for the first page: `callFirstPage((api) => api.authEndpoints.login, { body })`. The token
 * is the one stored when the call is asked for, as with call(), though the endpoint arrives later.
 */
export async function callFirstPage<E extends EndpointDefinition>(
  pick: (endpoints: FirstPageEndpoints) => E,
  ...[input]: CallInput<E>
): Promise<EndpointResult<E>> {
  const token = tokenStorage.get();
  return callWithToken(token, pick(await firstPageEndpoints()), input);
}

/**
 * The signed-in user (accountEndpoints.profile), the first call of every signed-in start: the
 * request leaves at once, and its answer is checked once the schemas have arrived, rather than
 * the request waiting for them (decision 034). The first time, the loading screen has usually sent
 * it already (decision 042).
 */
export async function fetchProfile(): Promise<User> {
  const token = tokenStorage.get();
  const [response, { accountEndpoints }] = await Promise.all([
    takeEarlyProfileResponse(token) ?? send(token, PROFILE_REQUEST, undefined),
    firstPageEndpoints(),
  ]);
  return readAnswer(response, accountEndpoints.profile, token);
}
