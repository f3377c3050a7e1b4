import type { Session, User } from '@vocagarden/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/snackbar-provider.tsx';
import { ApiRequestError, onUnauthorized } from '../../lib/api-client.ts';
import { changeLanguage, FIRST_PAGE_TEXTS } from '../../lib/i18n.ts';
import { callFirstPage, fetchProfile } from '../../lib/lazy-endpoints.ts';
import { tokenStorage } from '../../lib/token-storage.ts';

const profileQueryKey = ['profile'] as const;

/**
 * The signed-in user. main.tsx starts it with the page, before React renders (decision 027); a 401
 * then has no one to tell yet, so the provider asks again (below) and that one logs out. The user
 * arrives in their interface language: no page is drawn in the device's last language first.
 */
export const profileQuery = queryOptions({
  queryKey: profileQueryKey,
  async queryFn() {
    const user = await fetchProfile();
    await changeLanguage(user.native_language_code);
    return user;
  },
  staleTime: Infinity,
});

interface AuthContextValue {
  token: string | null;
  user: User | null;
  /** True while a stored token exists but its user has not loaded yet. */
  loadingUser: boolean;
  /** Resolves once signed in, in the user's language, as a loaded profile is (profileQuery). */
  signIn(session: Session): Promise<void>;
  signOut(): Promise<void>;
  /** Drops the local session without calling the server (its token is already gone). */
  forgetSession(): void;
  /** Merges fields returned by PATCH user/ into the current user (spec §4). */
  mergeUser(user: User): void;
  /** Staff: this tab shows the app as the user the impersonation token names, until signed out. */
  viewAs(token: string): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { t } = useTranslation(FIRST_PAGE_TEXTS);
  const notify = useNotify();
  const [token, setToken] = useState(tokenStorage.get);

  const profile = useQuery({ ...profileQuery, enabled: token !== null });
  const user = token ? (profile.data ?? null) : null;

  const forget = useCallback(() => {
    tokenStorage.clear();
    // Ending a "view as" session leaves the staff member's own session (null otherwise).
    const remaining = tokenStorage.get();
    // The router commits navigations as transitions; clearing the token in one too keeps a
    // "navigate to / then sign out" sequence from rendering the old protected page signed out.
    startTransition(() => setToken(remaining));
    queryClient.clear();
  }, [queryClient]);

  // A 401 means the stored token is dead: log out (spec §4).
  useEffect(() => onUnauthorized(forget), [forget]);

  // The signed-in user's native language is the interface language (spec §1), applied when it
  // changes by a profile edit (a sign-in and a loaded profile arrive in it already). Not on every
  // language change: react-i18next hands out a new `i18n` object then, and re-applying the stored
  // language would undo a choice the learner is making (sign-up, /welcome).
  const nativeLanguage = user?.native_language_code;
  useEffect(() => {
    if (nativeLanguage) void changeLanguage(nativeLanguage);
  }, [nativeLanguage]);

  // A 401 logs out (above); any other failure keeps the token and says so with the spec's text.
  const profileFailed = profile.isError && !(profile.error instanceof ApiRequestError && profile.error.status === 401);
  useEffect(() => {
    if (profileFailed) notify(t('errors.loadProfile'), 'error');
  }, [profileFailed, notify, t]);

  const value = useMemo<AuthContextValue>(
    () => ({
      token,
      user,
      // Asking again after the early request failed (see profileQuery) is still loading the user.
      loadingUser: token !== null && (profile.isPending || (profile.isError && profile.isFetching)),
      async signIn(session) {
        await changeLanguage(session.user.native_language_code);
        tokenStorage.set(session.token);
        queryClient.setQueryData(profileQueryKey, session.user);
        setToken(session.token);
      },
      async signOut() {
        await callFirstPage((api) => api.authEndpoints.logout).catch(() => undefined);
        forget();
      },
      forgetSession: forget,
      mergeUser(next) {
        queryClient.setQueryData(profileQueryKey, next);
      },
      viewAs(viewAsToken) {
        tokenStorage.setViewAs(viewAsToken);
        queryClient.clear();
        setToken(viewAsToken);
      },
    }),
    [token, user, profile.isPending, profile.isError, profile.isFetching, queryClient, forget],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside AuthProvider');
  return auth;
}
