/**
 * A progress report on the vocabulary set, for the writers:
 *   - headwords per level against LEVEL_TARGETS;
 *   - core coverage: how many of the 1,000 most frequent lemmas (reference/core-lemmas.txt) are headwords,
 *     at which level, and which are missing, in rank order;
 *   - headwords whose IPA is missing or outside the convention (tools/ipa.ts);
 *   - within each list, primary translations that two words share, per language.
 *
 * Run with `npm run report -w @vocagarden/content` (add `-- --dir <folder>` for another copy of data/).
 */
import { cefrLevels, translationLanguages, type CefrLevel, type ListRow, type WordRow } from '../src/schema.ts';
import { LEVEL_TARGETS } from '../src/targets.ts';
import { readCoreLemmas } from './build-reference.ts';
import { levelsBySpelling, readContent } from './content-data.ts';
import { validIpa } from './ipa.ts';

export const CORE_COVERAGE_SIZE = 1000;

export function levelCounts(words: readonly WordRow[]): Record<CefrLevel, number> {
  const counts = Object.fromEntries(cefrLevels.map((level) => [level, 0])) as Record<CefrLevel, number>;
  for (const word of words) counts[word.level] += 1;
  return counts;
}

export interface CoreCoverage {
  /** Core lemmas that are headwords, by the (lowest) level they are taught at. */
  byLevel: Record<CefrLevel, number>;
  covered: number;
  /** Core lemmas with no headword of that spelling, in rank order. */
  missing: string[];
}

export function coreCoverage(core: readonly string[], words: readonly WordRow[]): CoreCoverage {
  const levels = levelsBySpelling(words);
  const byLevel = Object.fromEntries(cefrLevels.map((level) => [level, 0])) as Record<CefrLevel, number>;
  const missing: string[] = [];
  for (const lemma of core) {
    const level = levels.get(lemma.toLowerCase());
    if (level) byLevel[level] += 1;
    else missing.push(lemma);
  }
  return { byLevel, covered: core.length - missing.length, missing };
}

export interface SharedTranslation {
  list: number;
  language: (typeof translationLanguages)[number];
  translation: string;
  words: WordRow[];
}

/** Primary translations (compared without case) that two or more words of one list share. */
export function sharedPrimaryTranslations(lists: readonly ListRow[], words: readonly WordRow[]): SharedTranslation[] {
  const byId = new Map(words.map((word) => [word.id, word]));
  const shared: SharedTranslation[] = [];
  for (const list of lists) {
    for (const language of translationLanguages) {
      const groups = new Map<string, WordRow[]>();
      for (const id of list.words) {
        const word = byId.get(id);
        const primary = word?.[language][0]?.toLocaleLowerCase(language);
        if (word && primary) groups.set(primary, [...(groups.get(primary) ?? []), word]);
      }
      for (const [translation, group] of groups) {
        if (group.length > 1) shared.push({ list: list.id, language, translation, words: group });
      }
    }
  }
  return shared;
}

function main(args: string[]): void {
  const dirIndex = args.indexOf('--dir');
  const { words, lists } = readContent(dirIndex >= 0 ? args[dirIndex + 1] : undefined);
  const lines: string[] = [];
  const out = (text = '') => lines.push(text);

  const counts = levelCounts(words);
  out(`Headwords per level (${words.length} in all, target ${Object.values(LEVEL_TARGETS).reduce((a, b) => a + b)})`);
  for (const level of cefrLevels) {
    const gap = LEVEL_TARGETS[level] - counts[level];
    out(`  ${level}  ${counts[level]} / ${LEVEL_TARGETS[level]}${gap > 0 ? `  (${gap} to go)` : ''}`);
  }

  const core = readCoreLemmas().slice(0, CORE_COVERAGE_SIZE);
  const coverage = coreCoverage(core, words);
  out();
  out(`Core coverage: ${coverage.covered} of the ${core.length} most frequent lemmas are headwords`);
  out(`  by level: ${cefrLevels.map((level) => `${level} ${coverage.byLevel[level]}`).join(', ')}`);
  out(`  missing (${coverage.missing.length}, in rank order): ${coverage.missing.join(', ')}`);

  const badIpa = words.filter((word) => !word.ipa || !validIpa(word.ipa));
  out();
  out(`IPA missing or outside the convention: ${badIpa.length}`);
  for (const word of badIpa) out(`  ${word.id} ${word.word} (${word.pos})  ${word.ipa ?? '(none)'}`);

  const shared = sharedPrimaryTranslations(lists, words);
  out();
  out(`Primary translations shared within a list: ${shared.length}`);
  for (const { list, language, translation, words: group } of shared) {
    out(`  list ${list} ${language} "${translation}": ${group.map((word) => word.word).join(', ')}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));
