import type { TFunction } from 'i18next';

/** The translation key of a part of speech as the content names it ("phrasal verb" → "phrasalVerb"). */
export const partOfSpeechKey = (pos: string) =>
  `vocabulary.partsOfSpeech.${pos.replace(/ (\w)/g, (_match, letter: string) => letter.toUpperCase())}`;

/** "noun" in the interface language; a part of speech the app has no name for stays as the content spells it. */
export function partOfSpeechLabel(t: TFunction, pos: string): string {
  return t(partOfSpeechKey(pos), { defaultValue: pos });
}
