import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { BAND_CUTOFFS, bandForRank, cefrLevels, LEVEL_TARGETS } from '../src/index.ts';
import {
  CANDIDATE_COUNT,
  candidateColumns,
  candidatesFile,
  CORE_LEMMA_COUNT,
  rankLemmas,
  readCoreLemmas,
} from '../tools/build-reference.ts';
import { loadLexicon, type Lexicon } from '../tools/lexicon.ts';
import { americanSpelling, classify, lemmatise } from '../tools/lemmas.ts';

let lexicon: Lexicon;
beforeAll(() => {
  lexicon = loadLexicon();
}, 30_000);

describe('lemmatise', () => {
  it.each([
    ['went', 'go'],
    ['going', 'go'],
    ['goes', 'go'],
    ['gone', 'go'],
    ['children', 'child'],
    ['women', 'woman'],
    ['studies', 'study'],
    ['running', 'run'],
    ['stopped', 'stop'],
    ['tried', 'try'],
    ['hoping', 'hope'],
    ['lying', 'lie'],
    ['dying', 'die'],
    ['knives', 'knife'],
    ['bigger', 'big'],
    ['happier', 'happy'],
    ['was', 'be'],
    ['is', 'be'],
    ['has', 'have'],
    ['did', 'do'],
    ['words', 'word'],
    ['thinking', 'think'],
  ])('%s → %s', (form, lemma) => {
    expect(lemmatise(form, lexicon)).toBe(lemma);
  });

  it('keeps the irregular comparatives as headwords of their own', () => {
    for (const form of ['better', 'best', 'worse', 'worst']) expect(lemmatise(form, lexicon)).toBe(form);
  });

  it('keeps forms that WordNet uses mostly as words of their own', () => {
    for (const form of ['building', 'interesting', 'evening', 'morning', 'tired', 'glasses', 'news', 'people']) {
      expect(lemmatise(form, lexicon), form).toBe(form);
    }
  });

  it('only undoes a suffix when the base is a common lemma of the right part of speech', () => {
    expect(lemmatise('herring', lexicon)).toBe('herring'); // not "her" + -ing
    expect(lemmatise('bus', lexicon)).toBe('bus'); // not a plural
    expect(lemmatise('his', lexicon)).toBe('his');
    expect(lemmatise('matter', lexicon)).toBe('matter'); // not a comparative of "matt"
  });
});

describe('classify', () => {
  const lemmaOf = (word: string) => {
    const result = classify(word, lexicon);
    return 'lemma' in result ? result.lemma : result.dropped;
  };

  it('excludes names of people and places, but not common words that subtitles capitalise', () => {
    for (const name of ['John', 'Michael', 'Paris', 'Jack', 'Mulder']) expect(lemmaOf(name), name).toBe('name');
    expect(lemmaOf('Brown')).toBe('brown');
    expect(lemmaOf('Come')).toBe('come');
    expect(lemmaOf('Captain')).toBe('captain');
  });

  it('writes days, months and nationalities with a capital', () => {
    expect(lemmaOf('Monday')).toBe('Monday');
    expect(lemmaOf('Americans')).toBe('American');
    expect(lemmaOf('English')).toBe('English');
    expect(lemmaOf('I')).toBe('I');
  });

  it('drops fillers, contraction fragments, single letters and swear words', () => {
    for (const word of ['uh', 'Um', 'Yeah', 'gonna', 'wanna', 's', 't', 'll', 're', 've', 'd', 'm']) {
      expect(lemmaOf(word), word).toBe('fragment or filler');
    }
    for (const letter of ['B', 'x', 'O']) expect(lemmaOf(letter), letter).toBe('letter');
    expect(lemmaOf('shit')).toBe('offensive');
    expect(lemmaOf('fucking')).toBe('offensive');
  });

  it('keeps function words, greetings and real interjections', () => {
    for (const word of ['a', 'the', 'to', 'of', 'it', 'my', 'can', 'will', 'would', 'should', 'must']) {
      expect(lemmaOf(word), word).toBe(word);
    }
    for (const word of ['hello', 'goodbye', 'please', 'thanks', 'yes', 'no', 'okay', 'sorry']) {
      expect(lemmaOf(word), word).toBe(word);
    }
    expect(lemmaOf('Ok')).toBe('okay');
    expect(lemmaOf('don')).toBe('do'); // "don't"
  });
});

describe('rankLemmas', () => {
  it('sums the counts of a lemma’s forms and ranks by the sums', () => {
    const ranked = rankLemmas(
      [
        { word: 'cat', count: 10 },
        { word: 'went', count: 6 },
        { word: 'go', count: 5 },
        { word: 'uh', count: 50 },
        { word: 'goes', count: 3 },
        { word: 'cats', count: 2 },
      ],
      lexicon,
    );
    expect(ranked).toEqual([
      { lemma: 'go', count: 14 },
      { lemma: 'cat', count: 12 },
    ]);
  });

  it('merges a British spelling into the more frequent American one', () => {
    const ranked = rankLemmas(
      [
        { word: 'color', count: 10 },
        { word: 'colours', count: 3 },
        { word: 'advertise', count: 5 },
        { word: 'advertize', count: 1 },
      ],
      lexicon,
    );
    expect(ranked).toEqual([
      { lemma: 'color', count: 13 },
      { lemma: 'advertise', count: 5 },
      { lemma: 'advertize', count: 1 },
    ]);
    expect(americanSpelling('theatre')).toBe('theater');
    expect(americanSpelling('tour')).toBeUndefined();
  });
});

describe('the band cut-offs', () => {
  it('are the cumulative level targets', () => {
    let total = 0;
    for (const level of cefrLevels) {
      total += LEVEL_TARGETS[level];
      expect(BAND_CUTOFFS[level], level).toBe(total);
    }
    expect(total).toBe(13000);
  });

  it('map ranks to levels', () => {
    expect([1, 1050, 1051, 2300, 3400, 3401, 5100, 6800, 6801, 13000, 19999].map(bandForRank)).toEqual([
      'A1',
      'A1',
      'A2',
      'A2',
      'B1',
      'B2',
      'B2',
      'C1',
      'C2',
      'C2',
      'C2',
    ]);
  });
});

describe('the generated reference files', () => {
  const core = readCoreLemmas();
  const rows = readFileSync(candidatesFile, 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => line.split('\t'));
  const [header, ...candidates] = rows;

  it('list the 3,000 core lemmas once each, without forms, names or fillers', () => {
    expect(core).toHaveLength(CORE_LEMMA_COUNT);
    expect(new Set(core).size).toBe(core.length);
    expect(core.slice(0, 10)).toContain('the');
    for (const word of ['go', 'child', 'hello', 'goodbye', 'please', 'thanks', 'sorry']) expect(core).toContain(word);
    for (const word of ['went', 'children', 'John', 'uh', 'yeah', 'gonna', 's', 't', 'b']) {
      expect(core).not.toContain(word);
    }
  });

  it('give the 20,000 candidates in rank order with their columns and bands', () => {
    expect(header).toEqual([...candidateColumns]);
    expect(candidates).toHaveLength(CANDIDATE_COUNT);
    expect(candidates.slice(0, CORE_LEMMA_COUNT).map((row) => row[0])).toEqual(core);
    candidates.forEach((row, index) => {
      expect(row).toHaveLength(candidateColumns.length);
      const [, rank, frequency, pos, inSet, band] = row;
      expect(Number(rank)).toBe(index + 1);
      if (index > 0) expect(Number(frequency)).toBeLessThanOrEqual(Number(candidates[index - 1]![2]));
      expect(pos).toMatch(/^((noun|verb|adjective|adverb)(,(noun|verb|adjective|adverb))*)?$/);
      expect(inSet).toMatch(/^(A1|A2|B1|B2|C1|C2)?$/);
      expect(band).toBe(bandForRank(index + 1));
    });
  });
});
