import { MAX_IMPORT_WORDS } from '@vocagarden/contract';
import { describe, expect, it } from 'vitest';
import { chooseSense, headwordKey, importedHeadwords, uniqueHeadwords } from './list-import.ts';

describe('importedHeadwords', () => {
  it('takes every line and every comma-, tab- or semicolon-separated cell of pasted text', () => {
    expect(importedHeadwords('apple, pear\n\n  plum\t fig;kiwi\r\n', 'lines')).toEqual([
      'apple',
      'pear',
      'plum',
      'fig',
      'kiwi',
    ]);
  });

  it('drops list bullets, numbers and wrapping quotes, but not hyphens inside a word', () => {
    expect(importedHeadwords('1. apple\n2) pear\n- plum\n• fig\n“kiwi”\nwell-known\n-ism', 'lines')).toEqual([
      'apple',
      'pear',
      'plum',
      'fig',
      'kiwi',
      'well-known',
      '-ism',
    ]);
  });

  it('takes the first column of a CSV file, skipping a header row and a byte order mark', () => {
    expect(
      importedHeadwords('\uFEFFEnglish,Türkçe\r\n"ice cream","dondurma, ""soğuk"""\r\nbook,kitap\r\n', 'csv'),
    ).toEqual(['ice cream', 'book']);
    expect(importedHeadwords('apple,elma\nbook,kitap', 'csv')).toEqual(['apple', 'book']);
    expect(importedHeadwords('apple;elma\nbook;kitap', 'csv')).toEqual(['apple', 'book']);
    expect(importedHeadwords('apple\telma\nbook\tkitap', 'csv')).toEqual(['apple', 'book']);
  });

  it('refuses an import with no headword or too many', () => {
    expect(() => importedHeadwords(' ,\n;\t', 'lines')).toThrow(/at least one English word/);
    expect(() => importedHeadwords('headword\n', 'csv')).toThrow(/at least one English word/);
    expect(() => importedHeadwords('a\n'.repeat(MAX_IMPORT_WORDS + 1), 'lines')).toThrow(/at most 1,000 words/);
    expect(importedHeadwords('a\n'.repeat(MAX_IMPORT_WORDS), 'lines')).toHaveLength(MAX_IMPORT_WORDS);
  });
});

describe('uniqueHeadwords', () => {
  it('keeps the first spelling of each headword, compared without case, spacing or apostrophe style', () => {
    expect(uniqueHeadwords(['Apple', 'apple', 'ice  cream', 'Ice cream', 'o’clock', "o'clock"])).toEqual([
      { key: 'apple', headword: 'Apple' },
      { key: 'ice cream', headword: 'ice  cream' },
      { key: "o'clock", headword: 'o’clock' },
    ]);
    expect(headwordKey('Cafe\u0301')).toBe('café');
  });
});

describe('chooseSense', () => {
  it('prefers a sense the plan includes, then the lowest level, then the lowest id', () => {
    const sense = (id: number, level: string, visible = true) => ({ id, level, visible });
    expect(chooseSense([sense(3, 'B2'), sense(2, 'A2'), sense(1, 'B1')])?.id).toBe(2);
    expect(chooseSense([sense(5, 'A1'), sense(4, 'A1')])?.id).toBe(4);
    expect(chooseSense([sense(1, 'A1', false), sense(2, 'C1')])?.id).toBe(2);
    expect(chooseSense([sense(1, 'A1', false)])?.id).toBe(1);
    expect(chooseSense([])).toBeUndefined();
  });
});
