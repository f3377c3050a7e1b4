import { FALLBACK_LANGUAGE, uiLanguages } from '@vocagarden/contract';
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import az from '../locales/az/translation.json';
import en from '../locales/en/translation.json';
import es from '../locales/es/translation.json';
import tr from '../locales/tr/translation.json';

export const resources = {
  en: { translation: en },
  es: { translation: es },
  tr: { translation: tr },
  az: { translation: az },
};

/**
 * Signed-out visitors get the language last used on this device, else their browser's; a
 * signed-in user's native_language_code overrides both (see AuthProvider). English is the
 * source and the fallback.
 */
void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    supportedLngs: [...uiLanguages],
    nonExplicitSupportedLngs: true,
    fallbackLng: FALLBACK_LANGUAGE,
    interpolation: { escapeValue: false },
    // The last language used on this device (a signed-in user's native language) survives sign-out.
    detection: { order: ['localStorage', 'navigator'], caches: ['localStorage'], lookupLocalStorage: 'uiLanguage' },
  });

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

export default i18n;
