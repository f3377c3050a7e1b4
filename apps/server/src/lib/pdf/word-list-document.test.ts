import { describe, expect, it } from 'vitest';
import { renderPdf } from './pdf-renderer.ts';
import {
  highlightHeadword,
  wordListDocument,
  WORD_LIST_MAX_ROWS,
  type WordListDocument,
} from './word-list-document.ts';

const bold = (text: string) => ({ text, bold: true, color: expect.any(String) });

describe('highlightHeadword', () => {
  it('sets the headword and its inflections in bold, whatever the case', () => {
    expect(highlightHeadword('She eats an apple every day.', 'apple')).toEqual([
      'She eats an ',
      bold('apple'),
      ' every day.',
    ]);
    expect(highlightHeadword('Apples and apples.', 'apple')).toEqual([bold('Apples'), ' and ', bold('apples'), '.']);
    expect(highlightHeadword("At first he didn't fit in at school.", 'fit in')).toEqual([
      "At first he didn't ",
      bold('fit in'),
      ' at school.',
    ]);
  });

  it('leaves the headword alone inside another word, and examples without it', () => {
    expect(highlightHeadword('A pineapple.', 'apple')).toEqual(['A pineapple.']);
    expect(highlightHeadword('Nothing here.', 'apple')).toEqual(['Nothing here.']);
  });
});

const sample: WordListDocument = {
  language: 'en',
  brand: 'VocaGarden',
  kind: 'Vocabulary list',
  title: 'Sample',
  description: '',
  facts: ['Level A1'],
  columns: { word: 'Word', pos: 'Type', ipa: 'Pronunciation', meaning: 'Definition', example: 'Example' },
  meaningIsDefinition: true,
  sections: [
    {
      title: 'One',
      caption: '1 word',
      rows: [{ word: 'apple', pos: 'noun', ipa: null, meaning: 'a fruit', example: 'An apple.' }],
    },
  ],
  pageLabel: (page, pages) => `Page ${page} of ${pages}`,
};

describe('wordListDocument', () => {
  it('renders an A4 PDF', async () => {
    const pdf = await renderPdf(wordListDocument(sample));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');
  });

  it('refuses more words than a category can hold', () => {
    const row = sample.sections[0]!.rows[0]!;
    const tooMany = {
      ...sample,
      sections: [{ ...sample.sections[0]!, rows: Array(WORD_LIST_MAX_ROWS + 1).fill(row) }],
    };
    expect(() => wordListDocument(tooMany)).toThrow(RangeError);
  });
});
