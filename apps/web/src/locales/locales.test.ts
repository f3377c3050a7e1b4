import { uiLanguages } from '@vocagarden/contract';
import { describe, expect, it } from 'vitest';
import az from './az/translation.json';
import en from './en/translation.json';
import es from './es/translation.json';
import tr from './tr/translation.json';

const locales: Record<(typeof uiLanguages)[number], unknown> = { en, es, tr, az };

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

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<(\w+)>/g)].map((match) => match[0]).sort();

describe('locales', () => {
  const source = flatten(en);

  it.each(uiLanguages.filter((language) => language !== 'en'))(
    '%s has every English key and no extra ones',
    (language) => {
      const translated = flatten(locales[language]);
      expect([...source.keys()].filter((key) => !translated.has(key))).toEqual([]);
      expect([...translated.keys()].filter((key) => !source.has(key))).toEqual([]);
    },
  );

  it.each(uiLanguages.filter((language) => language !== 'en'))('%s keeps every placeholder and tag', (language) => {
    const translated = flatten(locales[language]);
    for (const [key, text] of source) {
      expect({ key, placeholders: placeholders(translated.get(key) ?? '') }).toEqual({
        key,
        placeholders: placeholders(text),
      });
    }
  });

  it.each(uiLanguages)('%s has no empty texts', (language) => {
    const empty = [...flatten(locales[language])].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });
});
