import type { Voca } from '@vocagarden/contract';
import { normalizeAnswer, type AnswerLanguage } from './answer-checker.ts';
import type { Direction } from './session.ts';

/**
 * What the learner may type for a prompt. Towards the native language: the translation and its
 * alternatives. Towards English: the headword, and every headword that shares the prompt's
 * translation (asked for "anne", "mother" is as right as "mom").
 */
export function acceptedAnswers(word: Voca, direction: Direction): string[] {
  return direction === 'to-native'
    ? [word.translation ?? '', ...word.alternatives]
    : [word.the_word, ...word.same_translation];
}

/** The other right English answers to show once one has been accepted or missed. */
export function otherEnglishAnswers(word: Voca, direction: Direction, matched: string): string[] {
  if (direction !== 'to-english') return [];
  return acceptedAnswers(word, direction).filter((answer) => answer !== matched);
}

/**
 * A translation prompt is ambiguous when another word of the session shares it: the learner
 * cannot tell which English word is meant, so the prompt adds a hint.
 */
export function isAmbiguous(word: Voca, sessionWords: readonly Voca[], language: AnswerLanguage): boolean {
  if (!word.translation) return false;
  const prompt = normalizeAnswer(word.translation, language);
  return sessionWords.some(
    (other) =>
      other.id !== word.id &&
      (word.same_translation.includes(other.the_word) ||
        (other.translation !== null && normalizeAnswer(other.translation, language) === prompt)),
  );
}
