import type { Session, User } from '@vocagarden/contract';
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNotify } from '../../components/snackbar-provider.tsx';
import { ApiRequestError, onUnauthorized, worthRetrying } from '../../lib/api-client.ts';
import { changeLanguage, FIRST_PAGE_TEXTS } from '../../lib/i18n.ts';
import { callFirstPage, fetchProfile } from '../../lib/lazy-endpoints.ts';
import { tokenStorage } from '../../lib/token-storage.ts';

/**
 * The signed-in user, in their interface language: no page is drawn in the device's last language
 * first. A failure is asked again by the query cache's rule (worthRetrying), a second and then two
 * later, as the cache would; a client error (a 401 above all) is final.
 */
async function fetchProfileInLanguage(retried = 0): Promise<User> {
  try {
    const user = await fetchProfile();
    await changeLanguage(user.native_language_code);
    return user;
  } catch (error) {
    if (!worthRetrying(retried, error)) throw error;
    await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** retried));
    return fetchProfileInLanguage(retried + 1);
  }
}

/** The latest profile request, with the token it was made for. */
let profileRequest: { token: string; user: Promise<User> } | null = null;

/**
 * The profile of `token`: the request already made for it if it is the latest (main.tsx starts one
 * with the page, before React renders, decision 027), else a new one.
 */
export function requestProfile(token: string): Promise<User> {
  if (profileRequest?.token !== token) {
    const user = fetchProfileInLanguage();
    // Its failure is handled where it is awaited (AuthProvider), which may be after it has failed.
    user.catch(() => undefined);
    profileRequest = { token, user };
  }
  return profileRequest.user;
}

interface AuthContextValue {
  token: string | null;
  user: User | null;
  /** True while a stored token exists but its user has not loaded yet. */
  loadingUser: boolean;
  /** Resolves once signed in, in the user's language, as a loaded profile is (requestProfile). */
  signIn(session: Session): Promise<void>;
  /**
   * Ends the session on the server and here. With `leaveFor`, goes there as the session is dropped,
   * in one render: a protected page is never drawn signed out, though the page left for may still be
   * loading its code.
   */
  signOut(leaveFor?: string): Promise<void>;
  /** Drops the local session without calling the server (its token is already gone); `leaveFor` as signOut's. */
  forgetSession(leaveFor?: string): void;
  /** Asks for the signed-in user again: after a payment, premium has changed on the server. */
  reloadUser(): Promise<void>;
  /** Merges fields returned by PATCH user/ into the current user (spec §4). */
  mergeUser(user: User): void;
  /** Staff: this tab shows the app as the user the impersonation token names, until signed out. */
  viewAs(token: string): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation(FIRST_PAGE_TEXTS);
  const notify = useNotify();
  // The router's navigate changes with every page; forget() (and with it the context's value) need not.
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useLayoutEffect(() => {
    navigateRef.current = navigate;
  });
  const [token, setToken] = useState(tokenStorage.get);
  /** The user `token` stands for once its profile has been asked for: null if it could not be loaded. */
  const [profile, setProfile] = useState<{ token: string; user: User | null } | null>(null);
  const profileAnswered = token !== null && profile?.token === token;
  const user = profileAnswered ? profile.user : null;

  const forget = useCallback((leaveFor?: string) => {
    // Also empties the query cache, which holds one session's answers (lib/query-client.ts).
    tokenStorage.clear();
    // Ending a "view as" session leaves the staff member's own session (null otherwise).
    const remaining = tokenStorage.get();
    // The router commits navigations as transitions: the token cleared in the same one is drawn
    // with the page left for, once that page's code is here, and never with the protected page.
    startTransition(() => {
      if (leaveFor !== undefined) void navigateRef.current(leaveFor, { replace: true });
      setToken(remaining);
    });
  }, []);

  // A 401 means the stored token is dead: log out (spec §4).
  useEffect(() => onUnauthorized(() => forget()), [forget]);

  // The user of each token this tab holds: the stored one, one viewed as, the staff member's own again.
  useEffect(() => {
    if (token === null || profileAnswered) return;
    let current = true;
    requestProfile(token).then(
      (loaded) => {
        if (current) setProfile({ token, user: loaded });
      },
      (error: unknown) => {
        if (!current) return;
        // The early request's 401 (main.tsx) came before anyone listened for it (above).
        if (error instanceof ApiRequestError && error.status === 401) {
          if (tokenStorage.get() === token) forget();
        } else {
          setProfile({ token, user: null });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [token, profileAnswered, forget]);

  // The signed-in user's native language is the interface language (spec §1), applied when it
  // changes by a profile edit (a sign-in and a loaded profile arrive in it already). Not on every
  // language change: react-i18next hands out a new `i18n` object then, and re-applying the stored
  // language would undo a choice the learner is making (sign-up, /welcome).
  const nativeLanguage = user?.native_language_code;
  useEffect(() => {
    if (nativeLanguage) void changeLanguage(nativeLanguage);
  }, [nativeLanguage]);

  // A 401 logs out (above); any other failure keeps the token and says so with the spec's text.
  const profileFailed = profileAnswered && user === null;
  useEffect(() => {
    if (profileFailed) notify(t('errors.loadProfile'), 'error');
  }, [profileFailed, notify, t]);

  const value = useMemo<AuthContextValue>(
    () => ({
      token,
      user,
      loadingUser: token !== null && !profileAnswered,
      async signIn(session) {
        await changeLanguage(session.user.native_language_code);
        tokenStorage.set(session.token);
        setProfile({ token: session.token, user: session.user });
        setToken(session.token);
      },
      async signOut(leaveFor) {
        await callFirstPage((api) => api.authEndpoints.logout).catch(() => undefined);
        forget(leaveFor);
      },
      forgetSession: forget,
      async reloadUser() {
        if (token === null) return;
        const reloaded = await fetchProfile();
        setProfile((current) => (current?.token === token ? { token, user: reloaded } : current));
      },
      mergeUser(next) {
        setProfile((current) => current && { ...current, user: next });
      },
      viewAs(viewAsToken) {
        tokenStorage.setViewAs(viewAsToken);
        setToken(viewAsToken);
      },
    }),
    [token, user, profileAnswered, forget],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside AuthProvider');
  return auth;
}
