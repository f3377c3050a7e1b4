import type { ParsedRow, RowProblem } from './parse.ts';
import {
  FREE_LISTS_PER_LEVEL,
  LIST_MAX_WORDS,
  LIST_MIN_WORDS,
  VIDEOS_MAX_PER_WORD,
  type CategoryRow,
  type ListRow,
  type VideoRow,
  type WordRow,
} from './schema.ts';

export interface ContentSet {
  categories: CategoryRow[];
  lists: (ListRow & { level: CategoryRow['level']; isPremium: boolean })[];
  words: WordRow[];
  /** Each word's clips in file order (the order they are shown in). */
  videos: Map<number, VideoRow[]>;
}

/** What the database already holds, so a file may refer to words and categories imported earlier. */
export interface KnownIds {
  words: ReadonlySet<number>;
  categories: ReadonlyMap<number, { level: CategoryRow['level']; order: number }>;
}

const emptyKnown: KnownIds = { words: new Set(), categories: new Map() };

/**
 * Checks rows against each other (ids, headwords, list references and sizes; clips' words, number
 * and duplicates) and, when all is well, returns the content ready to import. Every problem is
 * reported with its file and line.
 */
export function validateContent(
  parsed: ParsedRow[],
  known: KnownIds = emptyKnown,
): { content: ContentSet | undefined; problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const report = (at: ParsedRow, reason: string) => problems.push({ file: at.file, line: at.line, reason });
  const firstSeen = new Map<string, ParsedRow>();
  const once = (key: string, at: ParsedRow, describe: string) => {
    const earlier = firstSeen.get(key);
    if (earlier) report(at, `${describe} (also ${earlier.file}:${earlier.line})`);
    else firstSeen.set(key, at);
    return !earlier;
  };

  const words: WordRow[] = [];
  const categories: CategoryRow[] = [];
  const listRows: { at: ParsedRow; row: ListRow }[] = [];
  const videoRows: { at: ParsedRow; row: VideoRow }[] = [];
  for (const at of parsed) {
    const { row } = at;
    if (row.kind === 'video') {
      const clip = `duplicate clip of word ${row.word}: ${row.provider} ${row.video_id} from ${row.start} s`;
      if (once(`video:${row.word}|${row.provider}|${row.video_id}|${row.start}`, at, clip)) {
        videoRows.push({ at, row });
      }
      continue;
    }
    if (!once(`${row.kind}:${row.id}`, at, `duplicate ${row.kind} id ${row.id}`)) continue;
    if (row.kind === 'word') {
      const headword = `${row.word.toLowerCase()}|${row.pos}`;
      if (once(`headword:${headword}`, at, `duplicate headword+POS "${row.word}" (${row.pos})`)) words.push(row);
    } else if (row.kind === 'category') categories.push(row);
    else listRows.push({ at, row });
  }

  const wordIds = new Set([...known.words, ...words.map((word) => word.id)]);
  const categoryInfo = new Map(known.categories);
  for (const category of categories) categoryInfo.set(category.id, { level: category.level, order: category.order });

  const videos: ContentSet['videos'] = new Map();
  for (const { at, row } of videoRows) {
    if (!wordIds.has(row.word)) {
      report(at, `video of an unknown word id ${row.word}`);
      continue;
    }
    const clips = videos.get(row.word) ?? [];
    if (clips.length === VIDEOS_MAX_PER_WORD) {
      report(at, `word ${row.word} has more than ${VIDEOS_MAX_PER_WORD} clips`);
      continue;
    }
    clips.push(row);
    videos.set(row.word, clips);
  }

  const lists: ContentSet['lists'] = [];
  for (const { at, row } of listRows) {
    const category = categoryInfo.get(row.category);
    const unknown = row.words.filter((id) => !wordIds.has(id));
    const repeated = row.words.filter((id, index) => row.words.indexOf(id) !== index);
    if (!category) report(at, `list ${row.id} has an unknown category id ${row.category}`);
    if (unknown.length > 0) report(at, `list ${row.id} has unknown word ids ${unknown.join(', ')}`);
    if (repeated.length > 0) report(at, `list ${row.id} repeats word ids ${repeated.join(', ')}`);
    if (row.words.length < LIST_MIN_WORDS || row.words.length > LIST_MAX_WORDS) {
      report(at, `list ${row.id} has ${row.words.length} words (must be ${LIST_MIN_WORDS}–${LIST_MAX_WORDS})`);
    }
    if (category) lists.push({ ...row, level: category.level, isPremium: true });
  }

  // Within each level the first lists, by category order then list order, are the free ones.
  const sorted = [...lists].sort(
    (a, b) => categoryInfo.get(a.category)!.order - categoryInfo.get(b.category)!.order || a.order - b.order,
  );
  const freeSoFar = new Map<string, number>();
  for (const list of sorted) {
    const count = freeSoFar.get(list.level) ?? 0;
    if (count < FREE_LISTS_PER_LEVEL) {
      list.isPremium = false;
      freeSoFar.set(list.level, count + 1);
    }
  }

  problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  return { content: problems.length === 0 ? { categories, lists, words, videos } : undefined, problems };
}
