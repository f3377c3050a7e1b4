/** Interface languages; English is the source and the fallback. */
export const uiLanguages = ['en', 'es', 'tr', 'az'] as const;
export type UiLanguage = (typeof uiLanguages)[number];
export const FALLBACK_LANGUAGE: UiLanguage = 'en';

/** Native languages a learner can pick: own name, English name (`…_global`), code, locale. */
export const nativeLanguages = [
  { code: 'en', name: 'English', englishName: 'English', locale: 'en-US' },
  { code: 'es', name: 'Español', englishName: 'Spanish', locale: 'es-ES' },
  { code: 'tr', name: 'Türkçe', englishName: 'Turkish', locale: 'tr-TR' },
  { code: 'az', name: 'Azərbaycan dili', englishName: 'Azerbaijani', locale: 'az-AZ' },
] as const satisfies readonly { code: UiLanguage; name: string; englishName: string; locale: string }[];

/** Spec §9: profiles lacking languages default to Turkish native, English target. */
export const DEFAULT_NATIVE_LANGUAGE: UiLanguage = 'tr';
export const DEFAULT_TARGET_LANGUAGE = { name: 'English', code: 'en', locale: 'en-US' } as const;

export function isUiLanguage(value: string | null | undefined): value is UiLanguage {
  return (uiLanguages as readonly string[]).includes(value ?? '');
}

/** The interface language that `language` (a detected or chosen code such as `es-MX`) stands for. */
export function uiLanguageOf(language: string | null | undefined): UiLanguage {
  const base = language?.toLowerCase().split('-')[0];
  return isUiLanguage(base) ? base : FALLBACK_LANGUAGE;
}

/**
 * The interface language for a visitor whose `preferences` (a language chosen on this device, then
 * the browser's languages, most preferred first; missing ones skipped) are these: the first the
 * interface speaks, else the fallback. The web app starts in it, and the server sends the
 * prerendered first page in it, so the two agree.
 */
export function preferredUiLanguage(preferences: readonly (string | null | undefined)[]): UiLanguage {
  return uiLanguageOf(preferences.find((language) => isUiLanguage(language?.toLowerCase().split('-')[0])));
}

/**
 * The cookie in which the web app keeps a visitor's interface language (beside localStorage), so the
 * server can send the prerendered first page in it (decision 027).
 */
export const UI_LANGUAGE_COOKIE = 'uiLanguage';
