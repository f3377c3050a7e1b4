import type { Offer } from '@vocagarden/contract';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../auth/index.ts';
import { usePremiumCatalogue, usePremiumStatus } from './api.ts';
import { offerAlreadyAnnounced } from './offer-announcement.ts';
import { PlanDialogContext, rememberPlansAfterSignIn, type PlanDialogApi } from './plan-dialog-context.ts';

// Both dialogs load when first shown, not with the first page (decision 027).
const PlanDialog = lazy(() =>
  import('./components/plan-dialog.tsx').then((module) => ({ default: module.PlanDialog })),
);
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
