import type { Offer } from '@vocagarden/contract';
import { useCallback, useMemo, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../auth/index.ts';
import { usePremiumCatalogue, usePremiumStatus } from './api.ts';
import { OfferPopup, offerAlreadyAnnounced } from './components/offer-popup.tsx';
import { PlanDialog } from './components/plan-dialog.tsx';
import { PlanDialogContext, rememberPlansAfterSignIn, type PlanDialogApi } from './plan-dialog-context.ts';

/** Pages where a live offer may be announced: browsing pages, never sign-in, study or payment. */
function mayAnnounceOffer(pathname: string): boolean {
  return ['/', '/home', '/vocabulary', '/mylists'].includes(pathname) || pathname.startsWith('/category/');
}

/**
 * Wraps every route: one plan-choice dialog that any page opens with usePlanDialog(), and the
 * live offer's announcement.
 */
export function PremiumShell() {
  const { token, user } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [plansOpen, setPlansOpen] = useState(false);

  const openPlans = useCallback(() => {
    if (token === null) {
      rememberPlansAfterSignIn();
      void navigate('/login');
      return;
    }
    setPlansOpen(true);
  }, [token, navigate]);
  const api = useMemo<PlanDialogApi>(() => ({ openPlans }), [openPlans]);

  const status = usePremiumStatus();
  const offerPage = mayAnnounceOffer(pathname) && (token === null || user !== null);
  const catalogue = usePremiumCatalogue({ enabled: offerPage });
  const offer = catalogue.data?.offer ?? null;
  // Once announced, the popup stays until closed, though its flag is now stored.
  const [announced, setAnnounced] = useState<Offer | null>(null);
  if (
    announced === null &&
    offerPage &&
    offer !== null &&
    status.known &&
    !status.isPremium &&
    !plansOpen &&
    !offerAlreadyAnnounced(offer)
  ) {
    setAnnounced(offer);
  }

  return (
    <PlanDialogContext.Provider value={api}>
      <Outlet />
      <PlanDialog open={plansOpen} onClose={() => setPlansOpen(false)} />
      {announced && <OfferPopup offer={announced} onSeePlans={openPlans} />}
    </PlanDialogContext.Provider>
  );
}
