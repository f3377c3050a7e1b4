import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { issueKinds, metricDefinitions, uiLanguages } from '@vocagarden/contract';
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

  it('has a text for every literal key the app asks for', () => {
    const sourceDir = fileURLToPath(new URL('..', import.meta.url));
    const files = readdirSync(sourceDir, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.tsx?$/.test(file) && !file.endsWith('.test.ts'),
    );
    const missing = new Set<string>();
    for (const file of files) {
      const code = readFileSync(join(sourceDir, file), 'utf8');
      // t('a.b'), i18n.t('a.b'), i18nKey="a.b": keys built at run time (`x.${y}`) are not checked.
      for (const match of code.matchAll(/\bt\(\s*'([\w.]+)'|i18nKey="([\w.]+)"/g)) {
        const key = match[1] ?? match[2]!;
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
});
