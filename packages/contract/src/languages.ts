import { z } from 'zod';

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

export const languageCodeSchema = z.enum(uiLanguages);

/** Spec §9: profiles lacking languages default to Turkish native, English target. */
export const DEFAULT_NATIVE_LANGUAGE: UiLanguage = 'tr';
export const DEFAULT_TARGET_LANGUAGE = { name: 'English', code: 'en', locale: 'en-US' } as const;

export function isUiLanguage(value: string | null | undefined): value is UiLanguage {
  return (uiLanguages as readonly string[]).includes(value ?? '');
}
