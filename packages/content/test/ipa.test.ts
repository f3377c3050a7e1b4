import { describe, expect, it } from 'vitest';
import { applyIpa, readOverrides, setLineIpa } from '../tools/apply-ipa.ts';
import {
  arpabetToIpa,
  closestIpa,
  cmuPronunciations,
  headwordIpa,
  parseOverrides,
  syllabify,
  validIpa,
} from '../tools/ipa.ts';

const fromCmu = (word: string) => arpabetToIpa(cmuPronunciations(word)[0]!);

describe('ARPAbet to IPA', () => {
  it.each([
    ['mother', '/ˈmʌðɚ/'],
    ['family', '/ˈfæməli/'],
    ['bird', '/bɝd/'],
    ['about', '/əˈbaʊt/'],
    ['understand', '/ˌʌndɚˈstænd/'],
    ['happy', '/ˈhæpi/'],
    ['music', '/ˈmjuzɪk/'],
    ['church', '/tʃɝtʃ/'],
    ['measure', '/ˈmɛʒɚ/'],
    ['thing', '/θɪŋ/'],
  ])('%s → %s', (word, ipa) => {
    expect(fromCmu(word)).toBe(ipa);
    expect(validIpa(ipa)).toBe(true);
  });

  it('splits syllables by the maximal onset principle with legal English onsets', () => {
    expect(syllabify('EH1 K S T R AH0').map(({ phones }) => phones.join(' '))).toEqual(['EH1 K', 'S T R AH0']);
    expect(syllabify('AE1 T L AE2 S').map(({ phones }) => phones.join(' '))).toEqual(['AE1 T', 'L AE2 S']);
    expect(arpabetToIpa('IH0 N T ER1 N AH0 L')).toBe('/ɪnˈtɝnəl/');
  });

  it('spells out the r of an r-coloured vowel before another vowel', () => {
    expect(arpabetToIpa('ER0 AY1 V')).toBe('/əˈraɪv/');
    expect(arpabetToIpa('HH ER1 IY0')).toBe('/ˈhɝri/');
  });

  it('keeps one primary stress per word: the last of two becomes the main one', () => {
    expect(arpabetToIpa('EH1 N JH AH0 N IH1 R')).toBe('/ˌɛndʒəˈnɪr/');
  });

  it('joins the words of a phrase with spaces, and gives up when a word is unknown', () => {
    const none = new Map<string, string>();
    expect(headwordIpa({ word: 'set up', pos: 'phrasal verb' }, none)).toBe('/sɛt ʌp/');
    expect(headwordIpa({ word: 'come up with', pos: 'phrasal verb' }, none)).toBe('/kʌm ʌp wɪð/');
    expect(headwordIpa({ word: 'zzqx up', pos: 'phrasal verb' }, none)).toBeUndefined();
  });

  it('prefers the CMUdict variant closest to the existing transcription', () => {
    const none = new Map<string, string>();
    expect(headwordIpa({ word: 'read', pos: 'verb', ipa: '/riːd/' }, none)).toBe('/rid/');
    expect(headwordIpa({ word: 'read', pos: 'verb', ipa: '/red/' }, none)).toBe('/rɛd/');
    expect(headwordIpa({ word: 'read', pos: 'verb' }, none)).toBe('/rɛd/');
    expect(closestIpa(['/ˈrɛkɚd/', '/rəˈkɔrd/'], '/rɪˈkɔːrd/')).toBe('/rəˈkɔrd/');
  });

  it('takes an override first, for one part of speech or for every one', () => {
    const overrides = parseOverrides('# comment\nlive\t/laɪv/\tadjective\nqualm\t/kwɑm/\n');
    expect(headwordIpa({ word: 'live', pos: 'adjective' }, overrides)).toBe('/laɪv/');
    expect(headwordIpa({ word: 'live', pos: 'verb', ipa: '/lɪv/' }, overrides)).toBe('/lɪv/');
    expect(headwordIpa({ word: 'qualm', pos: 'noun' }, overrides)).toBe('/kwɑm/');
    expect(() => parseOverrides('qualm\t/kwɑːm/\n')).toThrow(/line 1/);
  });

  it('has only valid overrides', () => {
    expect(readOverrides().size).toBeGreaterThan(0);
  });
});

describe('validIpa', () => {
  it.each(['/ˈmʌðɚ/', '/bɝd/', '/sɛt ʌp/', '/ˌʌndɚˈstænd/', '/ˈsɛpərət/', '/ə/', '/ˈtiˌʃɝt/'])('accepts %s', (ipa) => {
    expect(validIpa(ipa)).toBe(true);
  });

  it.each([
    ['/ˈmʌðər/', 'ər for ɚ'],
    ['/ˈfɑːðɚ/', 'a length mark'],
    ['/ˈbɝd/', 'a stress mark on one syllable'],
    ['/ɡɝl/', 'the IPA ɡ letter'],
    ['/frend/', 'e on its own'],
    ['ˈmʌðɚ', 'no slashes'],
    ['/ˈˈmʌðɚ/', 'two marks in a row'],
    ['/ˈmʌˈðɚ/', 'two primary stresses'],
    ['/sɛt  ʌp/', 'two spaces'],
    ['/mʌ.ðɚ/', 'a syllable dot'],
    ['//', 'nothing'],
  ])('rejects %s (%s)', (ipa) => {
    expect(validIpa(ipa)).toBe(false);
  });
});

describe('rewriting data lines', () => {
  const line =
    '{"kind": "word", "id": 10002, "word": "mother", "pos": "noun", "level": "A1", "ipa": "/ˈmʌðər/", "definition": "a female parent", "example": "My mother is a teacher.", "tr": ["anne"], "es": ["madre", "mamá"], "az": ["ana"]}';

  it('changes only the ipa value and keeps every other byte', () => {
    expect(setLineIpa(line, '/ˈmʌðɚ/')).toBe(line.replace('/ˈmʌðər/', '/ˈmʌðɚ/'));
  });

  it('adds a missing ipa after the level, where the format puts it', () => {
    const without = line.replace('"ipa": "/ˈmʌðər/", ', '');
    expect(setLineIpa(without, '/ˈmʌðɚ/')).toBe(line.replace('/ˈmʌðər/', '/ˈmʌðɚ/'));
  });

  it('rewrites a file, leaving non-word lines and unknown headwords alone', () => {
    const list = '{"kind": "list", "id": 1001, "category": 101, "order": 1, "words": [10002]}';
    const unknown = line.replace('"mother"', '"zzqx"').replace('10002', '10003');
    const files = new Map([['a1.jsonl', [list, line, unknown, ''].join('\n')]]);
    const result = applyIpa(files, new Map());
    expect(result.words).toBe(2);
    expect(result.changes.map(({ word, before, after }) => [word, before, after])).toEqual([
      ['mother', '/ˈmʌðər/', '/ˈmʌðɚ/'],
    ]);
    expect(result.missing.map(({ word }) => word)).toEqual(['zzqx']);
    expect(result.texts.get('a1.jsonl')).toBe([list, setLineIpa(line, '/ˈmʌðɚ/'), unknown, ''].join('\n'));
  });
});
