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

/** A single readable sentence for any failed call, in the interface language. */
export function errorText(t: TFunction, error: unknown, fallbackKey = 'errors.server_error'): string {
  if (error instanceof ApiRequestError) {
    if (error.code && error.code in errorMessages) return t(`errors.${error.code}`);
    const first = Object.values(error.fieldErrors)[0]?.[0];
    if (first) return translateMessage(t, first);
  }
  return t(fallbackKey);
}
