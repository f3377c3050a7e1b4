import { PLAN_CHOICE_PATH } from '@vocagarden/contract';
import { createContext, useContext } from 'react';

export interface PlanDialogApi {
  /** Opens the plan choice; a signed-out visitor is sent to sign in first and sees it afterwards. */
  openPlans(): void;
}

export const PlanDialogContext = createContext<PlanDialogApi | null>(null);

export function usePlanDialog(): PlanDialogApi {
  const api = useContext(PlanDialogContext);
  if (!api) throw new Error('usePlanDialog must be used inside PremiumShell');
  return api;
}

/** Set when a signed-out visitor asks for the plans: the first signed-in page opens them. */
const PLANS_AFTER_SIGN_IN_KEY = 'premiumPlansAfterSignIn';

export function rememberPlansAfterSignIn() {
  sessionStorage.setItem(PLANS_AFTER_SIGN_IN_KEY, '1');
}

/** True once after a visitor who asked for the plans has signed in. */
export function takePlansAfterSignIn(): boolean {
  const asked = sessionStorage.getItem(PLANS_AFTER_SIGN_IN_KEY) === '1';
  sessionStorage.removeItem(PLANS_AFTER_SIGN_IN_KEY);
  return asked;
}

/** The query that asks a page to open the plan choice (PLAN_CHOICE_PATH: the reminder email's link). */
const planChoiceQuery = [...new URLSearchParams(PLAN_CHOICE_PATH.split('?')[1] ?? '')];

export function asksForPlans(params: URLSearchParams): boolean {
  return planChoiceQuery.length > 0 && planChoiceQuery.every(([name, value]) => params.get(name) === value);
}

export function withoutPlanChoice(params: URLSearchParams): URLSearchParams {
  const rest = new URLSearchParams(params);
  for (const [name] of planChoiceQuery) rest.delete(name);
  return rest;
}
