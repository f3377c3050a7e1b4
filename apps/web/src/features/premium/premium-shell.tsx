import type { Offer } from '@vocagarden/contract';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { AfterTakeover } from '../../components/after-takeover.tsx';
import { lazyWithQueries } from '../../lib/lazy-with-queries.tsx';
import { useAuth } from '../auth/index.ts';
import { usePremiumStatus } from './status.ts';
import { offerAlreadyAnnounced } from './offer-announcement.ts';
import { PlanDialogContext, rememberPlansAfterSignIn, type PlanDialogApi } from './plan-dialog-context.ts';

// Both dialogs load when first shown, not with the first page (decision 027), and so does the
// query cache through which the plans and the live offer are asked for (decision 040).
const PlanDialog = lazyWithQueries(() => import('./components/plan-dialog.tsx').then((module) => module.PlanDialog));
const LiveOffer = lazyWithQueries(() => import('./components/live-offer.tsx').then((module) => module.LiveOffer));
const OfferPopup = lazy(() =>
  import('./components/offer-popup.tsx').then((module) => ({ default: module.OfferPopup })),
);

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
  // Once opened, the dialog stays mounted, so it can play its closing transition.
  const [plansOpened, setPlansOpened] = useState(false);

  const openPlans = useCallback(() => {
    if (token === null) {
      rememberPlansAfterSignIn();
      void navigate('/login');
      return;
    }
    setPlansOpen(true);
    setPlansOpened(true);
  }, [token, navigate]);
  const api = useMemo<PlanDialogApi>(() => ({ openPlans }), [openPlans]);

  const status = usePremiumStatus();
  const offerPage = mayAnnounceOffer(pathname) && (token === null || user !== null);
  const [liveOffer, setLiveOffer] = useState<Offer | null>(null);
  const offer = offerPage ? liveOffer : null;
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
      {offerPage && (
        <AfterTakeover>
          <LiveOffer onChange={setLiveOffer} />
        </AfterTakeover>
      )}
      {plansOpened && (
        <Suspense fallback={null}>
          <PlanDialog open={plansOpen} onClose={() => setPlansOpen(false)} />
        </Suspense>
      )}
      {announced && (
        <Suspense fallback={null}>
          <OfferPopup offer={announced} onSeePlans={openPlans} />
        </Suspense>
      )}
    </PlanDialogContext.Provider>
  );
}
