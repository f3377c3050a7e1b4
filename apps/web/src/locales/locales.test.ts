import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { partsOfSpeech } from '@vocagarden/content';
import { issueKinds, metricDefinitions, uiLanguages, type UiLanguage } from '@vocagarden/contract';
import { describe, expect, it } from 'vitest';
import { partOfSpeechKey } from '../lib/part-of-speech.ts';
import { textsOf, translator } from '../lib/testing/translator.ts';
import { FIRST_PAGE_TEXTS, PAGE_TEXTS } from './texts.ts';

/** A language's texts, its two files' top-level sections together. */
const textsIn = (language: UiLanguage): Record<string, unknown> =>
  Object.assign({}, ...Object.values(textsOf(language)));
const locales = Object.fromEntries(uiLanguages.map((language) => [language, textsIn(language)])) as Record<
  UiLanguage,
  Record<string, unknown>
>;
const en = locales.en;

/** Every leaf key as a dotted path, with the placeholders its text uses. */
function flatten(value: unknown, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') entries.set(path, child);
    else for (const [nested, text] of flatten(child, path)) entries.set(nested, text);
  }
  return entries;
}

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** The app's source files (tests aside), by path under src/. */
function sourceFiles(): Map<string, string> {
  const sourceDir = fileURLToPath(new URL('..', import.meta.url));
  const files = readdirSync(sourceDir, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
  );
  return new Map(files.map((file) => [file, readFileSync(join(sourceDir, file), 'utf8')]));
}

const withoutPluralForms = (keys: Iterable<string>) => new Set([...keys].map((key) => key.replace(pluralSuffix, '')));

/** The options object of a call that starts at `start` (its `{`), nested objects and calls blanked out. */
function topLevelOptions(code: string, start: number): string {
  let depth = 0;
  let text = '';
  for (let index = start; index < code.length; index += 1) {
    const char = code[index]!;
    if (char === '{' || char === '(') depth += 1;
    if (depth === 1) text += char;
    if (char === '}' || char === ')') depth -= 1;
    if (depth === 0) return text;
  }
  return text;
}

/** The keys `code` asks for as t('a.b'), i18n.t('a.b') or i18nKey="a.b": keys built at run time (`x.${y}`) are not seen. */
const literalKeys = (code: string) =>
  [...code.matchAll(/\bt\(\s*'([\w.]+)'|i18nKey="([\w.]+)"/g)].map((match) => match[1] ?? match[2]!);

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<(\w+)>/g)].map((match) => match[0]).sort();

describe('locales', () => {
  const source = flatten(en);

  it.each(uiLanguages)(
    "%s has the first page's texts and the others' in two files, in the same sections",
    (language) => {
      const sections = (texts: Record<string, unknown> = {}) => Object.keys(texts).sort();
      const files = textsOf(language);
      expect(Object.keys(files).sort()).toEqual([FIRST_PAGE_TEXTS, PAGE_TEXTS]);
      expect(sections(files[FIRST_PAGE_TEXTS])).toEqual(sections(textsOf('en')[FIRST_PAGE_TEXTS]));
      expect(sections(files[FIRST_PAGE_TEXTS]).filter((section) => section in files[PAGE_TEXTS]!)).toEqual([]);
    },
  );

  it("asks for the first page's texts only where it has them", () => {
    const firstPage = flatten(textsOf('en')[FIRST_PAGE_TEXTS]);
    const outside = new Set<string>();
    for (const [file, code] of sourceFiles()) {
      if (!code.includes('useTranslation(FIRST_PAGE_TEXTS)')) continue;
      for (const key of literalKeys(code)) {
        if (!firstPage.has(key) && !firstPage.has(`${key}_other`)) outside.add(`${file}: ${key}`);
      }
    }
    expect([...outside]).toEqual([]);
  });

  it.each(uiLanguages.filter((language) => language !== 'en'))(
    '%s has every English key and no extra ones (plural forms are checked below)',
    (language) => {
      const english = withoutPluralForms(source.keys());
      const translated = withoutPluralForms(flatten(locales[language]).keys());
      expect([...english].filter((key) => !translated.has(key))).toEqual([]);
      expect([...translated].filter((key) => !english.has(key))).toEqual([]);
    },
  );

  it.each(uiLanguages.filter((language) => language !== 'en'))('%s keeps every placeholder and tag', (language) => {
    for (const [key, text] of flatten(locales[language])) {
      // A plural form English does not have (Spanish `_many`) keeps the placeholders of English `_other`.
      const english = source.get(key) ?? source.get(key.replace(pluralSuffix, '_other')) ?? '';
      expect({ key, placeholders: placeholders(text) }).toEqual({ key, placeholders: placeholders(english) });
    }
  });

  it.each(uiLanguages)('%s has no empty texts', (language) => {
    const empty = [...flatten(locales[language])].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('has a text for every literal key the app asks for', () => {
    const missing = new Set<string>();
    for (const [file, code] of sourceFiles()) {
      for (const key of literalKeys(code)) {
        const plural = [`${key}_one`, `${key}_other`];
        if (!source.has(key) && !plural.every((form) => source.has(form))) missing.add(`${file}: ${key}`);
      }
    }
    expect([...missing]).toEqual([]);
  });

  it('has a label and a definition for every staff metric, and a name for every kind of issue', () => {
    // Keys the app builds at run time (`analytics.metric.${name}`), so the check above cannot see them.
    const expected = [
      ...Object.keys(metricDefinitions).flatMap((name) => [`analytics.metric.${name}`, `analytics.metricHelp.${name}`]),
      ...issueKinds.map((kind) => `feedback.kinds.${kind}`),
    ];
    expect(expected.filter((key) => !source.has(key))).toEqual([]);
    // The English definitions are the contract's own words.
    for (const [name, definition] of Object.entries(metricDefinitions)) {
      expect(source.get(`analytics.metricHelp.${name}`)).toBe(definition);
    }
  });

  /*
   * i18next picks `key_<category>` by Intl.PluralRules and, when that form is missing, falls back to the
   * bare `key`, and then shows the key itself (no language falls back to another, lib/i18n.ts): a
   * Spanish `_many` (1,000,000) left out would show the key, not the Spanish `_other`. So each
   * language needs every category its rules have, unless the bare key is there to catch it.
   */
  it.each(uiLanguages)('%s has every plural form its language needs, and no other', (language) => {
    const texts = flatten(locales[language]);
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const pluralKeys = [...texts.keys()].filter((key) => pluralSuffix.test(key));
    const missing = [...withoutPluralForms(pluralKeys)].flatMap((key) =>
      texts.has(key)
        ? []
        : categories.filter((category) => !texts.has(`${key}_${category}`)).map((category) => `${key}_${category}`),
    );
    expect(missing).toEqual([]);
    // i18next also looks up `_zero` for 0 in every language; any other form this language never selects.
    const allowed = new Set<string>([...categories, 'zero']);
    expect(pluralKeys.filter((key) => !allowed.has(pluralSuffix.exec(key)![1]!))).toEqual([]);
  });

  it('has plural forms for every key the app counts with', () => {
    const plural = withoutPluralForms([...source.keys()].filter((key) => pluralSuffix.test(key)));
    const notPlural = new Set<string>();
    let counted = 0;
    for (const [file, code] of sourceFiles()) {
      // t('a.b', { …, count: n }) with a literal key; keys built at run time (`x.${y}`) are checked above.
      for (const match of code.matchAll(/\bt\(\s*'([\w.]+)',\s*(?=\{)/g)) {
        const options = topLevelOptions(code, match.index + match[0].length);
        if (!/[{,]\s*count\b/.test(options)) continue;
        counted += 1;
        if (!plural.has(match[1]!)) notPlural.add(`${file}: ${match[1]}`);
      }
    }
    expect(counted).toBeGreaterThan(10);
    expect([...notPlural]).toEqual([]);
  });

  it('names every part of speech of the content', () => {
    expect(partsOfSpeech.map(partOfSpeechKey).filter((key) => !source.has(key))).toEqual([]);
  });

  it('counts 0, 1, 2 and a million in each language with its own words', async () => {
    const translators = Object.fromEntries(
      await Promise.all(uiLanguages.map(async (language) => [language, await translator(language)] as const)),
    );
    const counted = (language: UiLanguage) => (count: number) =>
      translators[language]!('vocabulary.wordCount', { count });
    expect([0, 1, 2, 1_000_000].map(counted('en'))).toEqual(['0 words', '1 word', '2 words', '1000000 words']);
    expect([0, 1, 2, 1_000_000].map(counted('es'))).toEqual([
      '0 palabras',
      '1 palabra',
      '2 palabras',
      '1000000 de palabras',
    ]);
    expect([0, 1, 2].map(counted('tr'))).toEqual(['0 kelime', '1 kelime', '2 kelime']);
    expect([0, 1, 2].map(counted('az'))).toEqual(['0 söz', '1 söz', '2 söz']);
  });
});
