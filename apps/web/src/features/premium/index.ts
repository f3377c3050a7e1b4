// The payment pages (sandbox, success, error) are loaded on demand by app/router.tsx, which imports
// the page modules themselves; they are not exported here.
export { usePremiumCatalogue, usePremiumSubscriptions } from './api.ts';
export { useIsPremium, usePremiumStatus } from './status.ts';
export { PremiumShell } from './premium-shell.tsx';
export { PremiumUpsell } from './components/premium-upsell.tsx';
export { Price } from './components/price.tsx';
export { WordPackLabel } from './components/word-pack.tsx';
export { formatDate, formatMoney, planLabel } from './format.ts';
export { asksForPlans, takePlansAfterSignIn, usePlanDialog, withoutPlanChoice } from './plan-dialog-context.ts';
