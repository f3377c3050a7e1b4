import {
  FALLBACK_LANGUAGE,
  UI_LANGUAGE_COOKIE,
  uiLanguageOf,
  uiLanguages,
  type UiLanguage,
} from '@vocagarden/contract';
import i18n, { type InitOptions } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

/**
 * Each language's texts are a chunk of their own, loaded when the language is first needed: the
 * first page downloads one language, not four (decision 027).
 */
const translations = import.meta.glob<Record<string, unknown>>('../locales/*/translation.json', { import: 'default' });

async function loadLanguage(language: UiLanguage): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const load = translations[`../locales/${language}/translation.json`];
  if (!load) throw new Error(`no texts for ${language}`);
  i18n.addResourceBundle(language, 'translation', await load());
}

/** Loads the texts of the interface language `language` stands for, if they are not here yet. */
export async function loadTexts(language: string): Promise<void> {
  await loadLanguage(uiLanguageOf(language));
}

/**
 * Switches the interface language once its texts are here. Always use this rather than
 * i18n.changeLanguage, which would show English (or keys) until they were.
 */
export async function changeLanguage(language: string): Promise<void> {
  await loadLanguage(uiLanguageOf(language));
  await i18n.changeLanguage(language);
}

/** What the browser and the build's prerendering (`prerenderI18n`) set up alike. */
const options: InitOptions = {
  resources: {},
  partialBundledLanguages: true,
  supportedLngs: [...uiLanguages],
  nonExplicitSupportedLngs: true,
  fallbackLng: FALLBACK_LANGUAGE,
  interpolation: { escapeValue: false },
};

/** A year, in minutes: how long the language cookie lasts, as localStorage's copy does. */
const COOKIE_MINUTES = 60 * 24 * 365;

/**
 * Signed-out visitors get the language last used on this device, else their browser's; a
 * signed-in user's native_language_code overrides both (see AuthProvider). English is the
 * source and the fallback: its texts follow the first page in the background (every language has
 * every key, locales.test.ts, so they are only a safety net).
 */
export async function initI18n(): Promise<void> {
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  await i18n
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      ...options,
      // The last language used on this device (a signed-in user's native language) survives sign-out.
      // The cookie tells the server, which sends the prerendered first page in it (decision 027).
      detection: {
        order: ['localStorage', 'navigator'],
        caches: ['localStorage', 'cookie'],
        lookupLocalStorage: 'uiLanguage',
        lookupCookie: UI_LANGUAGE_COOKIE,
        cookieMinutes: COOKIE_MINUTES,
        cookieOptions: { path: '/', sameSite: 'lax' },
      },
    });
  await changeLanguage(i18n.language);
  if (uiLanguageOf(i18n.language) !== FALLBACK_LANGUAGE) {
    setTimeout(() => void loadLanguage(FALLBACK_LANGUAGE), 0);
  }
}

/** The build's prerendering (prerender.tsx): `language`, without detection or a document. */
export async function prerenderI18n(language: UiLanguage): Promise<void> {
  if (!i18n.isInitialized) await i18n.use(initReactI18next).init({ ...options, lng: language });
  await changeLanguage(language);
}

export default i18n;
