import { premiumEndpoints } from '@vocagarden/contract';
import { useMutation } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { TFunction } from 'i18next';
import { call } from '../../lib/api-client.ts';
import { errorText } from '../../lib/error-text.ts';
import { checkoutTarget, safeReturnPath } from './format.ts';

/** Where the learner was when they chose a plan: the success page's "Continue" goes back there. */
const RETURN_KEY = 'premiumReturnTo';

export function takeReturnPath(): string | null {
  const path = safeReturnPath(sessionStorage.getItem(RETURN_KEY));
  sessionStorage.removeItem(RETURN_KEY);
  return path;
}

export function peekReturnPath(): string | null {
  return safeReturnPath(sessionStorage.getItem(RETURN_KEY));
}

/** A redirect the app will not follow (not a path of ours, not https): a server bug, never followed. */
export class UnsafeRedirectError extends Error {}

/** What to tell the learner when starting a checkout failed. */
export function checkoutFailureText(t: TFunction, error: unknown): string {
  return error instanceof UnsafeRedirectError ? t('errors.server_error') : errorText(t, error);
}

/**
 * Starts paying for a plan: POST premium/checkout/ (the server computes the amount), then goes to
 * the provider's page — the sandbox page through the router, iyzico's form by a full navigation.
 */
export function useStartCheckout() {
  const navigate = useNavigate();
  const location = useLocation();
  return useMutation({
    mutationFn: async ({ planId, units }: { planId: number; units: number }) => {
      const started = await call(premiumEndpoints.checkout, { body: { plan_id: planId, units } });
      const target = checkoutTarget(started.redirect_url, window.location.origin);
      if (!target) throw new UnsafeRedirectError(`Refusing to follow the checkout's redirect`);
      return target;
    },
    onSuccess: (target) => {
      const back = safeReturnPath(location.pathname + location.search);
      if (back) sessionStorage.setItem(RETURN_KEY, back);
      if (target.kind === 'route') void navigate(target.path);
      else window.location.assign(target.url);
    },
  });
}
