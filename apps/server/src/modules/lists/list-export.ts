import { delimitedText, type DelimitedOptions, type UiLanguage } from '@vocagarden/contract';
import type { VocaRow } from '../vocabulary/vocabulary.repository.ts';

export type ExportFormat = 'csv' | 'anki';

type ExportedWord = Pick<VocaRow, 'word' | 'pos' | 'level' | 'ipa' | 'definition' | 'translations'>;

/** The reader's translations, most common first; none for English readers. */
const translationsOf = (word: ExportedWord, language: UiLanguage) =>
  language === 'en' ? [] : word.translations[language];

export const CSV_HEADER = ['headword', 'part_of_speech', 'level', 'ipa', 'translation', 'definition'] as const;

/**
 * The list as CSV, for spreadsheets: a header row, then one word a row. A byte order mark first,
 * or Excel reads the UTF-8 (ş, ñ, ə, IPA) as another encoding.
 */
export function listCsv(words: ExportedWord[], language: UiLanguage): string {
  const rows = words.map((word) => [
    word.word,
    word.pos,
    word.level,
    word.ipa ?? '',
    translationsOf(word, language).join(', '),
    word.definition,
  ]);
  return `\uFEFF${delimitedText([CSV_HEADER, ...rows])}`;
}

/**
 * Anki's file headers (2.1.54+; older versions skip `#` lines as comments): tab-separated plain
 * text for the Basic note type, whose fields are Front and Back.
 */
export const ANKI_HEADER = ['#separator:tab', '#html:false', '#notetype:Basic', '#columns:Front\tBack'] as const;

const ANKI: DelimitedOptions = { separator: '\t', newline: '\n', guardFormulas: false };

/**
 * The list as Anki notes: the English headword on the front; on the back its translation (the
 * English definition for English readers) and its pronunciation.
 */
export function listAnki(words: ExportedWord[], language: UiLanguage): string {
  const notes = words.map((word) => {
    const translations = translationsOf(word, language);
    const meaning = translations.length > 0 ? translations.join(', ') : word.definition;
    return [word.word, word.ipa ? `${meaning} · ${word.ipa}` : meaning];
  });
  return ANKI_HEADER.map((line) => `${line}\n`).join('') + delimitedText(notes, ANKI);
}

/** What a downloaded file is called: the list's title, as the learner knows it. */
export function exportFilename(title: string, format: ExportFormat): string {
  return format === 'csv' ? `${title}.csv` : `${title} (Anki).txt`;
}
