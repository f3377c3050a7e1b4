import { errorMessages, passwordMessages } from '@vocagarden/contract';
import type { TFunction } from 'i18next';
import { ApiRequestError } from './api-client.ts';

/** The server's English texts, mapped back to translation keys. */
const keyByMessage = new Map<string, string>([
  ...Object.entries(errorMessages).map(([code, message]) => [message, `errors.${code}`] as const),
  ...Object.entries(passwordMessages).map(([name, message]) => [message, `errors.password.${name}`] as const),
]);

/** Translates one server message; unknown texts are shown as sent rather than hidden. */
export function translateMessage(t: TFunction, message: string): string {
  const key = keyByMessage.get(message);
  return key ? t(key) : message;
}

/** Whole minutes (at least one) until a refused call may be tried again, from its Retry-After header. */
function minutesToWait(error: ApiRequestError): number | undefined {
  const seconds = 'retryAfterSeconds' in error ? error.retryAfterSeconds : undefined;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return undefined;
  return Math.max(1, Math.ceil(seconds / 60));
}

/**
 * The text for a 429 (too many attempts: wrong passwords, PINs, codes …), or undefined for any
 * other failure: "Too many attempts. Try again in N minutes." when the server said when, else
 * the catalogue's "Too many requests. Please try again later."
 */
export function throttledText(t: TFunction, error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError) || error.status !== 429) return undefined;
  const minutes = minutesToWait(error);
  return minutes === undefined ? t('errors.throttled') : t('errors.tooManyAttempts', { count: minutes });
}

/** A single readable sentence for any failed call, in the interface language. */
export function errorText(t: TFunction, error: unknown, fallbackKey = 'errors.server_error'): string {
  const throttled = throttledText(t, error);
  if (throttled) return throttled;
  if (error instanceof ApiRequestError) {
    if (error.code && error.code in errorMessages) return t(`errors.${error.code}`);
    const first = Object.values(error.fieldErrors)[0]?.[0];
    if (first) return translateMessage(t, first);
  }
  return t(fallbackKey);
}
