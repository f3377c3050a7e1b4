import { cefrLevelSchema, signupSchema, uiLanguages } from '@vocagarden/contract';
import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiRequestError } from './api-client.ts';
import {
  errorText,
  fieldErrorText,
  fieldProblemsOf,
  mergeProblems,
  schemaProblems,
  throttledText,
} from './error-text.ts';
import { translator } from './testing/translator.ts';

const translators: Record<string, TFunction> = {};

beforeAll(async () => {
  for (const language of uiLanguages) translators[language] = await translator(language);
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

describe('field errors', () => {
  /** A 400 as the server sends it: English texts, and their codes beside them. */
  const refused = new ApiRequestError(400, {
    email: ['Invalid email address'],
    password: ['This password is too common.'],
    field_codes: { email: ['invalid_email'], password: ['password_too_common'] },
  });

  it('are shown in the interface language by their code, not in English', () => {
    const problems = fieldProblemsOf(refused);
    expect(fieldErrorText(translators.tr!, problems, 'email')).toBe('Geçerli bir e-posta adresi gir.');
    expect(fieldErrorText(translators.es!, problems, 'email')).toBe(
      'Introduce una dirección de correo electrónico válida.',
    );
    expect(fieldErrorText(translators.az!, problems, 'password')).toBe('Bu şifrə çox geniş yayılıb.');
    expect(fieldErrorText(translators.tr!, problems, 'first_name')).toBeUndefined();
    expect(errorText(translators.tr!, refused)).toBe('Geçerli bir e-posta adresi gir.');
  });

  it('fall back to the catalogue text, then to the English text, when a code is missing or unknown', () => {
    const older = new ApiRequestError(400, {
      password: ['This password is entirely numeric.'],
      units: ['Ensure this value is less than or equal to 150.'],
      field_codes: { units: ['a_code_from_the_future'] },
    });
    const problems = fieldProblemsOf(older);
    expect(fieldErrorText(translators.es!, problems, 'password')).toBe('Esta contraseña es completamente numérica.');
    expect(fieldErrorText(translators.es!, problems, 'units')).toBe('Ensure this value is less than or equal to 150.');
  });

  it("are found in the browser with the contract's schema, with the codes the server would send", () => {
    const form = signupSchema.extend({ starting_level: cefrLevelSchema });
    const problems = schemaProblems(form, { email: 'nope', password: 'x', accept_terms: false });
    expect(
      Object.fromEntries(Object.entries(problems).map(([field, list]) => [field, list.map((p) => p.code)])),
    ).toEqual({ email: ['invalid_email'], accept_terms: ['accept_terms'], starting_level: ['required'] });
    expect(fieldErrorText(translators.tr!, problems, 'accept_terms')).toBe(
      'Lütfen Kullanım Koşullarını ve Gizlilik Politikasını kabul et.',
    );
  });

  it("are merged with the server's without saying the same thing twice", () => {
    const local = schemaProblems(signupSchema, { email: 'nope', password: 'x', accept_terms: false });
    const merged = mergeProblems(local, fieldProblemsOf(refused));
    expect(merged.email?.map((problem) => problem.code)).toEqual(['invalid_email']);
    expect(merged.password?.map((problem) => problem.code)).toEqual(['password_too_common']);
    expect(merged.accept_terms?.map((problem) => problem.code)).toEqual(['accept_terms']);
  });
});
