import { promptHint, type Voca } from '@vocagarden/contract';
import { describe, expect, it } from 'vitest';
import { checkAnswer, type AnswerLanguage } from './answer-checker.ts';
import { acceptedAnswers, isAmbiguous, otherEnglishAnswers } from './prompt-answers.ts';

let nextId = 1;
const word = (the_word: string, translation: string, same_translation: string[], definition = `the ${the_word}`) =>
  ({
    id: nextId++,
    the_word,
    pos: 'noun',
    level: 'A1',
    ipa: null,
    definition,
    example: '',
    translation,
    alternatives: [],
    same_translation,
  }) satisfies Voca;

/** The pairs of issue 14: one translation, two English words, either of which is right. */
const pairs: { language: AnswerLanguage; translation: string; card: string; other: string }[] = [
  { language: 'tr', translation: 'anne', card: 'mom', other: 'mother' },
  { language: 'tr', translation: 'hasta', card: 'sick', other: 'ill' },
  { language: 'tr', translation: 'yapmak', card: 'do', other: 'make' },
  { language: 'es', translation: 'padre', card: 'father', other: 'parent' },
  { language: 'es', translation: 'mañana', card: 'morning', other: 'tomorrow' },
  { language: 'az', translation: 'o', card: 'he', other: 'she' },
  { language: 'az', translation: 'ayaq', card: 'leg', other: 'foot' },
];

describe('the English direction', () => {
  it.each(pairs)(
    'accepts "$other" for $translation ($language) on the card of "$card"',
    ({ translation, card, other }) => {
      const prompt = word(card, translation, [other]);
      const result = checkAnswer(other, acceptedAnswers(prompt, 'to-english'), 'en');
      expect(result).toEqual({ verdict: 'correct', expected: other });
      expect(otherEnglishAnswers(prompt, 'to-english', result.expected)).toEqual([card]);
    },
  );

  it('still marks a word that does not share the translation wrong, and names every right one', () => {
    const mom = word('mom', 'anne', ['mother']);
    const result = checkAnswer('father', acceptedAnswers(mom, 'to-english'), 'en');
    expect(result).toEqual({ verdict: 'wrong', expected: 'mom' });
    expect(otherEnglishAnswers(mom, 'to-english', result.expected)).toEqual(['mother']);
  });

  it('forgives a typo in a shared answer as in the card’s own', () => {
    const father = word('father', 'padre', ['parent']);
    expect(checkAnswer('parnet', acceptedAnswers(father, 'to-english'), 'en')).toEqual({
      verdict: 'almost',
      expected: 'parent',
    });
  });

  it('keeps the native direction to the translation and its alternatives', () => {
    const sick = { ...word('sick', 'hasta', ['ill']), alternatives: ['rahatsız'] };
    expect(acceptedAnswers(sick, 'to-native')).toEqual(['hasta', 'rahatsız']);
    expect(otherEnglishAnswers(sick, 'to-native', 'hasta')).toEqual([]);
  });
});

describe('the hint on an ambiguous prompt', () => {
  it('is shown when another word of the session shares the translation, in either record', () => {
    const mom = word('mom', 'anne', ['mother']);
    const mother = word('mother', 'Anne', ['mom']);
    const leg = word('leg', 'ayaq', ['foot']);
    const foot = word('foot', 'ayaq', []); // only the other card knows of the pair
    const table = word('table', 'masa', []);
    expect(isAmbiguous(mom, [mom, mother, table], 'tr')).toBe(true);
    expect(isAmbiguous(foot, [leg, foot], 'az')).toBe(true);
    expect(isAmbiguous(mom, [mom, table], 'tr')).toBe(false);
    expect(isAmbiguous(table, [mom, mother, table], 'tr')).toBe(false);
  });

  it('gives the part of speech and the definition, cut at a word near 60 characters', () => {
    expect(promptHint({ pos: 'noun', definition: 'a female parent' })).toBe('noun · a female parent');
    expect(
      promptHint({ pos: 'determiner', definition: 'one; used before singular nouns when it is not important which' }),
    ).toBe('determiner · one; used before singular nouns when it is not important…');
    const long = promptHint({
      pos: 'verb',
      definition: 'to put something somewhere carefully so that it stays there for a long time and is safe',
    });
    expect(long).toBe('verb · to put something somewhere carefully so that it stays there…');
    expect(long.length).toBeLessThanOrEqual('verb · '.length + 61);
  });
});
