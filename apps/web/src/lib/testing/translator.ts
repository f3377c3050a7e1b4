import type { UiLanguage } from '@vocagarden/contract';
import { createInstance, type Resource, type TFunction } from 'i18next';
import { i18nOptions } from '../i18n.ts';

const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { import: 'default', eager: true });

/** A language's texts by namespace (`first-page`, `translation`), as lib/i18n.ts loads them. */
export function textsOf(language: UiLanguage): Record<string, Record<string, unknown>> {
  const prefix = `../../locales/${language}/`;
  return Object.fromEntries(
    Object.entries(files)
      .filter(([path]) => path.startsWith(prefix))
      .map(([path, texts]) => [path.slice(prefix.length).replace(/\.json$/, ''), texts]),
  );
}

/** The app's translator for `language`, set up as in the browser, with every text at hand. */
export async function translator(language: UiLanguage): Promise<TFunction> {
  const i18n = createInstance();
  const resources: Resource = { [language]: textsOf(language) };
  await i18n.init({ ...i18nOptions(), lng: language, ns: Object.keys(resources[language]!), resources });
  return i18n.t;
}
