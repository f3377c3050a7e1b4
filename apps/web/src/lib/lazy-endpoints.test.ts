import { TOKEN_STORAGE_KEY, type User } from '@vocagarden/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, onUnauthorized, UnexpectedResponseError } from './api-client.ts';
import { sendEarlyProfileRequest } from './early-profile.ts';
import { fetchProfile } from './lazy-endpoints.ts';
import { json, stubFetchAndStorage } from './testing/stub-fetch.ts';

const user: User = {
  id: 1,
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: '',
  profile_picture_uri: null,
  native_language: 'Turkish',
  native_language_code: 'tr',
  native_language_locale: 'tr-TR',
  native_language_global: 'Türkçe',
  starting_level: 'A1',
  learning_language: 'English',
  target_language_locale: 'en-US',
  target_language_global: 'English',
  is_staff: false,
  has_password: true,
  is_premium: false,
  premium_until: null,
  impersonated_by: null,
};

const fetchMock = stubFetchAndStorage();

beforeEach(() => {
  localStorage.setItem(TOKEN_STORAGE_KEY, 'abc123');
  // A page that has just loaded: the loading screen's script has not run, nor has the app asked.
  globalThis.earlyProfileRequest = undefined;
});

describe('fetchProfile', () => {
  it('sends the request at once, before the schemas that check its answer have arrived', async () => {
    fetchMock.mockResolvedValue(json(200, user));

    const profile = fetchProfile();
    // No await yet: the schemas' chunk cannot have loaded, and the request has left.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/cyberapi/profile/');
    expect(init?.method).toBe('GET');
    expect(init?.headers).toEqual({ authorization: 'Token abc123' });

    await expect(profile).resolves.toEqual(user);
  });

  it('checks the answer against the contract once the schemas are here', async () => {
    fetchMock.mockResolvedValue(json(200, { ...user, native_language_code: 'xx' }));

    await expect(fetchProfile()).rejects.toBeInstanceOf(UnexpectedResponseError);
  });

  it('logs out on a 401 for the token it was sent with', async () => {
    const loggedOut = vi.fn();
    const stopListening = onUnauthorized(loggedOut);
    fetchMock.mockResolvedValue(json(401, { detail: 'Invalid token.', code: 'authentication_failed' }));

    const profile = fetchProfile();
    localStorage.removeItem(TOKEN_STORAGE_KEY);

    await expect(profile).rejects.toBeInstanceOf(ApiRequestError);
    expect(loggedOut).toHaveBeenCalledTimes(1);
    stopListening();
  });

  describe('after the loading screen sent the request (early-profile.ts)', () => {
    it('takes that request over, once: a later call asks again', async () => {
      fetchMock.mockImplementation(() => Promise.resolve(json(200, user)));

      sendEarlyProfileRequest();
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await expect(fetchProfile()).resolves.toEqual(user);
      expect(fetchMock).toHaveBeenCalledTimes(1);

      await expect(fetchProfile()).resolves.toEqual(user);
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it('asks again when the stored token is no longer the one it was sent with', async () => {
      fetchMock.mockImplementation(() => Promise.resolve(json(200, user)));

      sendEarlyProfileRequest();
      localStorage.setItem(TOKEN_STORAGE_KEY, 'def456');
      await fetchProfile();

      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(fetchMock.mock.calls[1]![1]?.headers).toEqual({ authorization: 'Token def456' });
    });

    it('sends nothing once the app has asked itself, so no stale answer is left to take', async () => {
      fetchMock.mockImplementation(() => Promise.resolve(json(200, user)));

      await fetchProfile();
      sendEarlyProfileRequest();
      expect(fetchMock).toHaveBeenCalledTimes(1);

      await fetchProfile();
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it('sends nothing without a stored token', () => {
      localStorage.removeItem(TOKEN_STORAGE_KEY);
      sendEarlyProfileRequest();
      expect(fetchMock).not.toHaveBeenCalled();
    });
  });
});
