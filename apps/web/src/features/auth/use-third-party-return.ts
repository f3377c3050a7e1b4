import type { Session } from '@vocagarden/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FIRST_PAGE_TEXTS } from '../../lib/i18n.ts';
import { useLocation, useNavigate } from 'react-router';
import { useConfirm } from '../../components/confirm-provider.tsx';
import { useAuth } from './auth-provider.tsx';
import { finishThirdPartySignIn } from './third-party-sign-in.ts';

/**
 * A third-party sign-in comes back as /login#oidc=<code> (the fragment never reaches a server).
 * The code is exchanged with this tab's secret; a learner who is already signed in is asked
 * before their session is replaced.
 */
export function useThirdPartyReturn(onSignedIn: (session: Session, next: string | null) => Promise<void>) {
  const { t } = useTranslation(FIRST_PAGE_TEXTS);
  const auth = useAuth();
  const confirm = useConfirm();
  const location = useLocation();
  const navigate = useNavigate();
  const code = new URLSearchParams(location.hash.slice(1)).get('oidc');
  const [handling, setHandling] = useState(code !== null);
  const [failed, setFailed] = useState(false);
  // The code is spent once, even when React runs effects twice (StrictMode).
  const started = useRef(false);

  useEffect(() => {
    if (!code || started.current) return;
    started.current = true;
    setHandling(true);
    // Drop the code from the address bar and the history.
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    void (async () => {
      const signedIn = auth.token !== null;
      const replacing =
        !signedIn ||
        (await confirm({
          title: t('auth.switchAccount.title'),
          message: t('auth.switchAccount.message'),
          confirmText: t('auth.switchAccount.confirm'),
        }));
      if (!replacing) {
        setHandling(false);
        return;
      }
      try {
        const finished = await finishThirdPartySignIn(code);
        if (!finished) {
          setFailed(true);
        } else {
          // The session it replaces is signed out on the server too, not just forgotten here.
          if (signedIn) await auth.signOut();
          await onSignedIn(finished.session, finished.next);
        }
      } catch {
        setFailed(true);
      }
      setHandling(false);
    })();
  }, [code, auth, confirm, location.pathname, location.search, navigate, onSignedIn, t]);

  return { handling, failed };
}
