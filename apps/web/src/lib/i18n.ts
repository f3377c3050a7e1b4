import {
  preferredUiLanguage,
  UI_LANGUAGE_COOKIE,
  uiLanguageOf,
  uiLanguages,
  type UiLanguage,
} from '@vocagarden/contract';
import i18n, { type InitOptions } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { FIRST_PAGE_TEXTS, PAGE_TEXTS } from '../locales/texts.ts';

export { FIRST_PAGE_TEXTS, PAGE_TEXTS };

/**
 * Each language's two files are chunks of their own, loaded when i18next first needs them: a
 * component that asks for texts not loaded yet suspends until they are (react-i18next), so a page
 * never shows a key. English is not loaded as a fallback: every language has every key
 * (locales.test.ts).
 */
const texts = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { import: 'default' });

function loadTexts(language: string, namespace: string): Promise<Record<string, unknown>> {
  const load = texts[`../locales/${language}/${namespace}.json`];
  return load ? load() : Promise.reject(new Error(`no ${namespace} texts for ${language}`));
}

/**
 * What the browser, the build's prerendering (`prerenderI18n`) and the tests' translators set up
 * alike: a new object each time, since i18next adds the namespaces it loads to `ns`.
 */
export const i18nOptions = (): InitOptions => ({
  supportedLngs: [...uiLanguages],
  nonExplicitSupportedLngs: true,
  // `es-MX` is served by `es`, and nothing else is loaded for it.
  load: 'languageOnly',
  // i18next is always given one of the interface languages (preferredUiLanguage), each complete, so
  // none falls back to another.
  fallbackLng: false,
  ns: [FIRST_PAGE_TEXTS],
  defaultNS: PAGE_TEXTS,
  // Other pages use the shared texts (error messages, the top bar's) too.
  fallbackNS: FIRST_PAGE_TEXTS,
  interpolation: { escapeValue: false },
});

/** Where this device keeps the language last used (a signed-in user's native language survives sign-out). */
const STORED_LANGUAGE_KEY = 'uiLanguage';
/** A year: how long the language cookie lasts, as localStorage's copy does. */
const COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(STORED_LANGUAGE_KEY);
  } catch {
    // Storage refused (a private window's settings): the browser's languages decide.
    return null;
  }
}

/**
 * Keeps `language` as this device's, in localStorage and in the cookie that tells the server, which
 * sends the prerendered first page in it (decision 027).
 */
function keepLanguage(language: string): void {
  try {
    localStorage.setItem(STORED_LANGUAGE_KEY, language);
  } catch {
    // Not kept on this device; the cookie still tells the server.
  }
  document.cookie = `${UI_LANGUAGE_COOKIE}=${encodeURIComponent(language)}; path=/; max-age=${COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
}

/** Loads the texts of the interface language `language` stands for, if they are not here yet. */
export async function loadLanguageTexts(language: string): Promise<void> {
  await i18n.loadLanguages(uiLanguageOf(language));
}

/** Settles once i18next is set up (initI18n, prerenderI18n). */
const initialized = new Promise<void>((resolve) => i18n.on('initialized', () => resolve()));

/**
 * Switches to the interface language `language` stands for once its texts are here (i18next loads
 * every namespace used so far first). It may be asked for before i18next is set up (the profile
 * main.tsx requests with the page, decision 032), and then waits for it.
 */
export async function changeLanguage(language: string): Promise<void> {
  await initialized;
  await i18n.changeLanguage(uiLanguageOf(language));
}

/**
 * Signed-out visitors get the language last used on this device, else their browser's; a
 * signed-in user's native_language_code overrides both (see AuthProvider). Resolves when the
 * first page's texts are here, and with `allTexts` (a signed-in user, who starts past the first
 * page) every page's; otherwise every page's follow in the background.
 */
export async function initI18n({ allTexts }: { allTexts: boolean }): Promise<void> {
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language;
    keepLanguage(language);
  });
  await i18n
    .use(resourcesToBackend(loadTexts))
    .use(initReactI18next)
    .init({
      ...i18nOptions(),
      lng: preferredUiLanguage([storedLanguage(), ...navigator.languages]),
      ns: allTexts ? [FIRST_PAGE_TEXTS, PAGE_TEXTS] : [FIRST_PAGE_TEXTS],
    });
  if (!allTexts) setTimeout(() => void i18n.loadNamespaces(PAGE_TEXTS), 0);
}

/** The build's prerendering (prerender.tsx): `language`, without detection or a document. */
export async function prerenderI18n(language: UiLanguage): Promise<void> {
  if (!i18n.isInitialized) {
    await i18n
      .use(resourcesToBackend(loadTexts))
      .use(initReactI18next)
      .init({ ...i18nOptions(), lng: language });
  }
  await changeLanguage(language);
}

export default i18n;
