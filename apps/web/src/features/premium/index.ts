export { useIsPremium, usePremiumSubscriptions } from './api.ts';
export { PremiumUpsell } from './components/premium-upsell.tsx';
export { PremiumErrorPage, PremiumSuccessPage } from './premium-result-pages.tsx';
