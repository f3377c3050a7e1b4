import { parseCsvRecords } from '@vocagarden/content';
import { MAX_IMPORT_WORDS } from '@vocagarden/contract';
import { ApiError } from '../../lib/errors.ts';

export type ImportFormat = 'lines' | 'csv';

/** Longer than any headword of the catalogue: such a cell is reported, never looked up. */
export const MAX_HEADWORD_LENGTH = 100;

/**
 * First cells that name a column rather than a word. Only a file's first row is checked: "word"
 * is also a word of the catalogue, and a pasted "word" means the word.
 */
const HEADER_NAMES = new Set(['word', 'words', 'headword', 'headwords', 'english', 'term', 'terms', 'lemma', 'front']);

/** The bullet or number of a list copied from a document ("1. apple", "- pear"). */
const LIST_MARKER = /^(?:[-*•·]|\d{1,4}[.)])\s+/;
const WRAPPING_QUOTES = /^["“”]+|["“”]+$/g;

const clean = (cell: string) => cell.trim().replace(LIST_MARKER, '').replace(WRAPPING_QUOTES, '').trim();

/**
 * How headwords are compared with the catalogue: one Unicode form, typographic apostrophes as
 * straight ones, single spaces, lower case (the catalogue side is `lower(word)`).
 */
export function headwordKey(headword: string): string {
  return headword.normalize('NFC').replace(/[‘’ʼ]/g, "'").replace(/\s+/g, ' ').trim().toLowerCase();
}

/** A spreadsheet in a Spanish or Turkish locale saves CSV with semicolons; a copied sheet has tabs. */
function delimiterOf(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  if (firstLine.includes('\t')) return '\t';
  return firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
}

function firstColumn(text: string): string[] {
  const cells = parseCsvRecords(text, delimiterOf(text)).map((record) => clean(record.fields[0] ?? ''));
  if (cells.length > 0 && HEADER_NAMES.has(headwordKey(cells[0]!))) cells.shift();
  return cells;
}

/**
 * The headwords of an import, as sent (trimmed) and in order: every cell of pasted text, or the
 * first column of a CSV file. 400 when there is none, or more than MAX_IMPORT_WORDS.
 */
export function importedHeadwords(text: string, format: ImportFormat): string[] {
  const body = text.replace(/^\uFEFF/, '');
  const cells = format === 'csv' ? firstColumn(body) : body.split(/[\r\n\t,;]+/).map(clean);
  const headwords = cells.filter((cell) => cell !== '');
  if (headwords.length === 0) throw new ApiError(400, 'nothing_to_import');
  if (headwords.length > MAX_IMPORT_WORDS) throw new ApiError(400, 'too_many_words');
  return headwords;
}

/** Each headword once (the first spelling sent wins), with its key. */
export function uniqueHeadwords(headwords: string[]): { key: string; headword: string }[] {
  const byKey = new Map<string, string>();
  for (const headword of headwords) {
    const key = headwordKey(headword);
    if (!byKey.has(key)) byKey.set(key, headword);
  }
  return [...byKey].map(([key, headword]) => ({ key, headword }));
}

export interface Sense {
  id: number;
  level: string;
  /** Whether the caller's plan includes the word. */
  visible: boolean;
}

/**
 * Which entry a headword with several (homographs: "work" the verb and the noun) stands for: one
 * the caller may use before a premium one, then the lowest level (the most common sense, the one
 * a learner most likely means), then the lowest id. Levels A1…C2 sort as text.
 */
export function chooseSense<S extends Sense>(senses: S[]): S | undefined {
  return senses.toSorted(
    (a, b) => Number(b.visible) - Number(a.visible) || a.level.localeCompare(b.level) || a.id - b.id,
  )[0];
}
