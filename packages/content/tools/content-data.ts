/** The vocabulary set as the reference tools read it: word rows of data/*.jsonl, whatever else is in them. */
import { bundledContentFiles, loadContentFiles } from '../src/files.ts';
import { cefrLevels, type CefrLevel, type ListRow, type WordRow } from '../src/schema.ts';

export interface ContentSnapshot {
  words: WordRow[];
  lists: ListRow[];
}

/** Reads the set's words and lists; rows that do not parse are skipped (the content tests report them). */
export function readContent(folder?: string): ContentSnapshot {
  const { rows } = loadContentFiles(bundledContentFiles(folder));
  const words: WordRow[] = [];
  const lists: ListRow[] = [];
  for (const { row } of rows) {
    if (row.kind === 'word') words.push(row);
    else if (row.kind === 'list') lists.push(row);
  }
  return { words, lists };
}

/**
 * The lowest level each spelling (lower case, without an abbreviation's final period: "Mr." is "mr")
 * is taught at, e.g. "run" → "A1" even if "run" (noun) is B1.
 */
export function levelsBySpelling(words: readonly WordRow[]): Map<string, CefrLevel> {
  const levels = new Map<string, CefrLevel>();
  for (const word of words) {
    const key = word.word.toLowerCase().replace(/\.$/, '');
    const known = levels.get(key);
    if (!known || cefrLevels.indexOf(word.level) < cefrLevels.indexOf(known)) levels.set(key, word.level);
  }
  return levels;
}
