import type { UiLanguage } from '@vocagarden/contract';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { wordListDocument } from '../../lib/pdf/word-list-document.ts';
import { serializeListSummary } from './vocabulary.serializers.ts';
import type { BulletinRow, CategoryRow, VocaRow } from './vocabulary.repository.ts';

/** The printed texts of a category PDF, in the reader's language. */
interface PdfTexts {
  kind: string;
  level(level: string): string;
  lists(count: number): string;
  words(count: number): string;
  columns: { word: string; pos: string; ipa: string; meaning: string; example: string };
  /** Parts of speech as the content names them (packages/content `partsOfSpeech`). */
  pos: Record<string, string>;
  page(page: number, pages: number): string;
}

const english = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

const texts: Record<UiLanguage, PdfTexts> = {
  en: {
    kind: 'Vocabulary list',
    level: (level) => `Level ${level}`,
    lists: (count) => english(count, 'list', 'lists'),
    words: (count) => english(count, 'word', 'words'),
    columns: { word: 'Word', pos: 'Type', ipa: 'Pronunciation', meaning: 'Definition', example: 'Example' },
    pos: {},
    page: (page, pages) => `Page ${page} of ${pages}`,
  },
  es: {
    kind: 'Lista de vocabulario',
    level: (level) => `Nivel ${level}`,
    lists: (count) => english(count, 'lista', 'listas'),
    words: (count) => english(count, 'palabra', 'palabras'),
    columns: { word: 'Palabra', pos: 'Tipo', ipa: 'Pronunciación', meaning: 'Traducción', example: 'Ejemplo' },
    pos: {
      noun: 'sustantivo',
      verb: 'verbo',
      adjective: 'adjetivo',
      adverb: 'adverbio',
      pronoun: 'pronombre',
      preposition: 'preposición',
      conjunction: 'conjunción',
      determiner: 'determinante',
      number: 'número',
      interjection: 'interjección',
      'phrasal verb': 'verbo frasal',
      phrase: 'expresión',
    },
    page: (page, pages) => `Página ${page} de ${pages}`,
  },
  // Turkish and Azerbaijani keep the noun singular after a number.
  tr: {
    kind: 'Kelime listesi',
    level: (level) => `${level} seviyesi`,
    lists: (count) => `${count} liste`,
    words: (count) => `${count} kelime`,
    columns: { word: 'Kelime', pos: 'Tür', ipa: 'Okunuş', meaning: 'Türkçesi', example: 'Örnek cümle' },
    pos: {
      noun: 'isim',
      verb: 'fiil',
      adjective: 'sıfat',
      adverb: 'zarf',
      pronoun: 'zamir',
      preposition: 'edat',
      conjunction: 'bağlaç',
      determiner: 'belirleyici',
      number: 'sayı',
      interjection: 'ünlem',
      'phrasal verb': 'öbek fiil',
      phrase: 'kalıp ifade',
    },
    page: (page, pages) => `Sayfa ${page} / ${pages}`,
  },
  az: {
    kind: 'Söz siyahısı',
    level: (level) => `${level} səviyyəsi`,
    lists: (count) => `${count} siyahı`,
    words: (count) => `${count} söz`,
    columns: { word: 'Söz', pos: 'Növ', ipa: 'Tələffüz', meaning: 'Tərcüməsi', example: 'Nümunə' },
    pos: {
      noun: 'isim',
      verb: 'feil',
      adjective: 'sifət',
      adverb: 'zərf',
      pronoun: 'əvəzlik',
      preposition: 'ön qoşma',
      conjunction: 'bağlayıcı',
      determiner: 'təyinedici',
      number: 'say',
      interjection: 'nida',
      'phrasal verb': 'frazal feil',
      phrase: 'ifadə',
    },
    page: (page, pages) => `Səhifə ${page} / ${pages}`,
  },
};

/** `A1-people-and-family.pdf`: the level and the English title, ASCII only. */
export function categoryPdfFilename(category: Pick<CategoryRow, 'level' | 'title'>): string {
  const slug = category.title.en
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `${category.level}-${slug || 'category'}.pdf`;
}

/**
 * A category's official lists as a printable word list: each list a table of headword, part of
 * speech, IPA, the reader's translation (English readers: the definition) and the example.
 */
export function categoryPdfDocument(
  category: CategoryRow,
  lists: BulletinRow[],
  words: VocaRow[],
  language: UiLanguage,
): TDocumentDefinitions {
  const text = texts[language];
  const byId = new Map(words.map((word) => [word.id, word]));
  const sections = lists
    .map((list) => ({
      title: serializeListSummary(list, language).title,
      rows: list.wordIds.flatMap((id) => byId.get(id) ?? []),
    }))
    .filter((section) => section.rows.length > 0)
    .map(({ title, rows }) => ({
      title,
      caption: text.words(rows.length),
      rows: rows.map((word) => ({
        word: word.word,
        pos: text.pos[word.pos] ?? word.pos,
        ipa: word.ipa,
        meaning: language === 'en' ? word.definition : word.translations[language].join(', '),
        example: word.example,
      })),
    }));
  const wordCount = sections.reduce((sum, section) => sum + section.rows.length, 0);
  return wordListDocument({
    language,
    brand: 'VocaGarden',
    kind: text.kind,
    title: category.title[language],
    description: category.description[language],
    facts: [text.level(category.level), text.lists(sections.length), text.words(wordCount)],
    columns: text.columns,
    meaningIsDefinition: language === 'en',
    sections,
    pageLabel: text.page,
  });
}
