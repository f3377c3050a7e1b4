import { accountEndpoints, authEndpoints, type Session, type User } from '@vocagarden/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
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
import { ApiRequestError, call, onUnauthorized } from '../../lib/api-client.ts';
import { tokenStorage } from '../../lib/token-storage.ts';

const profileQueryKey = ['profile'] as const;

interface AuthContextValue {
  token: string | null;
  user: User | null;
  /** True while a stored token exists but its user has not loaded yet. */
  loadingUser: boolean;
  signIn(session: Session): void;
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
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const [token, setToken] = useState(tokenStorage.get);

  const profile = useQuery({
    queryKey: profileQueryKey,
    queryFn: () => call(accountEndpoints.profile),
    enabled: token !== null,
    staleTime: Infinity,
  });
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

  useEffect(() => {
    if (user) void i18n.changeLanguage(user.native_language_code);
  }, [user, i18n]);

  // A 401 logs out (above); any other failure keeps the token and says so with the spec's text.
  const profileFailed = profile.isError && !(profile.error instanceof ApiRequestError && profile.error.status === 401);
  useEffect(() => {
    if (profileFailed) notify(t('errors.loadProfile'), 'error');
  }, [profileFailed, notify, t]);

  const value = useMemo<AuthContextValue>(
    () => ({
      token,
      user,
      loadingUser: token !== null && profile.isPending,
      signIn(session) {
        tokenStorage.set(session.token);
        queryClient.setQueryData(profileQueryKey, session.user);
        setToken(session.token);
      },
      async signOut() {
        await call(authEndpoints.logout).catch(() => undefined);
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
    [token, user, profile.isPending, queryClient, forget],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside AuthProvider');
  return auth;
}
