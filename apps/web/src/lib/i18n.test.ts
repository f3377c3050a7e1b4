import { isUiLanguage, preferredUiLanguage } from '@vocagarden/contract';
import { createInstance } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { describe, expect, it } from 'vitest';
import { FIRST_PAGE_TEXTS, i18nOptions, PAGE_TEXTS } from './i18n.ts';
import { textsOf } from './testing/translator.ts';

/** i18next as the browser sets it up (initI18n), with the browser asking for `asked`; and the texts it loaded. */
async function startWith(asked: string[]) {
  const loaded: string[] = [];
  const i18n = createInstance();
  await i18n
    .use(
      resourcesToBackend((language: string, namespace: string) => {
        loaded.push(`${language}/${namespace}`);
        if (!isUiLanguage(language)) throw new Error(`no texts for ${language}`);
        return textsOf(language)[namespace];
      }),
    )
    .init({ ...i18nOptions(), lng: preferredUiLanguage(asked) });
  return { i18n, loaded };
}

describe('the interface language', () => {
  it.each([
    [['fr-FR', 'es'], 'es'],
    [['es-MX'], 'es'],
    [['AZ-az', 'tr'], 'az'],
    [['fr-FR', 'de'], 'en'],
    [[], 'en'],
  ])("of a browser asking for %j is %s, and only its first page's texts load", async (asked, expected) => {
    const { i18n, loaded } = await startWith(asked);
    expect(i18n.resolvedLanguage).toBe(expected);
    expect(loaded).toEqual([`${expected}/${FIRST_PAGE_TEXTS}`]);
    // Another page's texts load when asked for, still in that language alone.
    await i18n.loadNamespaces(PAGE_TEXTS);
    expect(loaded).toEqual([`${expected}/${FIRST_PAGE_TEXTS}`, `${expected}/${PAGE_TEXTS}`]);
    expect(i18n.t('home.greeting')).not.toBe('home.greeting');
    // The shared texts are found from another page's texts too.
    expect(i18n.t('nav.home')).not.toBe('nav.home');
  });
});
