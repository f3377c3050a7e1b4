import type { Voca } from '@vocagarden/contract';

/** A catalogue word for unit tests: `w{id}`, translated `t{id}`, A1, with `overrides` on top. */
export function testWord(id: number, overrides: Partial<Voca> = {}): Voca {
  return {
    id,
    the_word: `w${id}`,
    pos: 'noun',
    level: 'A1',
    ipa: null,
    definition: `d${id}`,
    example: `e${id}`,
    translation: `t${id}`,
    alternatives: [],
    same_translation: [],
    ...overrides,
  };
}
