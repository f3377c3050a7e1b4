import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import az from '../locales/az/translation.json';
import en from '../locales/en/translation.json';
import es from '../locales/es/translation.json';
import tr from '../locales/tr/translation.json';
import { ApiRequestError } from './api-client.ts';
import { errorText, throttledText } from './error-text.ts';

const translators: Record<string, TFunction> = {};

beforeAll(async () => {
  for (const [language, translation] of Object.entries({ en, es, tr, az })) {
    const i18n = createInstance();
    await i18n.init({
      lng: language,
      fallbackLng: 'en',
      resources: { [language]: { translation }, en: { translation: en } },
      interpolation: { escapeValue: false },
    });
    translators[language] = i18n.t;
  }
});

const throttledBody = { detail: 'Too many requests. Please try again later.', code: 'throttled' };

/** A 429 as the API client builds it, with the seconds from the Retry-After header. */
const throttled = (retryAfterSeconds?: number) =>
  Object.assign(new ApiRequestError(429, throttledBody), { retryAfterSeconds });

describe('throttled answers', () => {
  it('tell a locked-out learner how many minutes to wait, rounded up, with plurals', () => {
    const t = translators.en!;
    expect(errorText(t, throttled(600))).toBe('Too many attempts. Try again in 10 minutes.');
    expect(errorText(t, throttled(541))).toBe('Too many attempts. Try again in 10 minutes.');
    expect(errorText(t, throttled(60))).toBe('Too many attempts. Try again in 1 minute.');
    expect(errorText(t, throttled(5))).toBe('Too many attempts. Try again in 1 minute.');
  });

  it('say so in every interface language', () => {
    expect(errorText(translators.es!, throttled(900))).toBe(
      'Demasiados intentos. Inténtalo de nuevo dentro de 15 minutos.',
    );
    expect(errorText(translators.es!, throttled(60))).toBe(
      'Demasiados intentos. Inténtalo de nuevo dentro de 1 minuto.',
    );
    expect(errorText(translators.tr!, throttled(900))).toBe('Çok fazla deneme yapıldı. 15 dakika sonra tekrar dene.');
    expect(errorText(translators.az!, throttled(900))).toBe(
      'Həddindən çox cəhd edilib. 15 dəqiqə sonra yenidən cəhd et.',
    );
  });

  it('fall back to "try again later" when the answer did not say when', () => {
    expect(errorText(translators.en!, throttled())).toBe('Too many requests. Please try again later.');
    // A proxy's own 429 (an HTML page, no code) is still "too many".
    expect(errorText(translators.en!, new ApiRequestError(429, {}))).toBe('Too many requests. Please try again later.');
  });

  it('replace the wrong-PIN text only once the PINs are over the limit', () => {
    const t = translators.en!;
    const wrongPin = new ApiRequestError(404, { detail: 'Not found.', code: 'not_found' });
    const joinText = (error: unknown) => throttledText(t, error) ?? t('classroom.joinFailed');
    expect(joinText(wrongPin)).toBe('Failed to join classroom. Please check the PIN and try again.');
    expect(joinText(throttled(480))).toBe('Too many attempts. Try again in 8 minutes.');
    expect(joinText(new TypeError('Failed to fetch'))).toBe(
      'Failed to join classroom. Please check the PIN and try again.',
    );
  });

  it('leave a wrong password as it was', () => {
    const wrong = new ApiRequestError(400, { detail: 'Invalid Credentials', code: 'invalid_credentials' });
    expect(errorText(translators.en!, wrong)).toBe('Invalid Credentials');
    expect(throttledText(translators.en!, wrong)).toBeUndefined();
  });
});
