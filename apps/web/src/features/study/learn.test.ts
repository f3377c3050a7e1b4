import type { CefrLevel } from '@vocagarden/contract';
import { describe, expect, it } from 'vitest';
import {
  currentLearnItem,
  isLearnInProgress,
  learnCounts,
  learnProgress,
  learnReducer,
  learnSummary,
  levelsNeedingWords,
  optionText,
  shuffle,
  startLearnSession,
  unsavedLearnResults,
  type LearnAction,
  type LearnState,
} from './learn.ts';
import { testWord } from '../../lib/testing/test-word.ts';

const word = (id: number, level: CefrLevel = 'A1', translation: string | null = `t${id}`) =>
  testWord(id, { level, translation });

/** A fixed sequence of "random" numbers, so shuffles are reproducible. */
const seeded =
  (seed = 1) =>
  () => {
    seed = (seed * 16_807) % 2_147_483_647;
    return (seed - 1) / 2_147_483_646;
  };

/** Actions, or choices made by looking at the state they are made in. */
type Step = LearnAction | ((state: LearnState) => LearnAction);
const run = (state: LearnState, ...steps: Step[]) =>
  steps.reduce((current, step) => learnReducer(current, typeof step === 'function' ? step(current) : step), state);
const rightChoice = (state: LearnState): LearnAction => ({
  type: 'choose',
  option: optionText(currentLearnItem(state)!.word),
});
const wrongChoice = (state: LearnState): LearnAction => ({
  type: 'choose',
  option: currentLearnItem(state)!.options.find((option) => option !== optionText(currentLearnItem(state)!.word))!,
});
const typed = (verdict: 'correct' | 'accent' | 'almost' | 'wrong'): LearnAction => ({
  type: 'answer',
  input: 'x',
  verdict,
  expected: 'x',
});
const go: LearnAction = { type: 'continue' };

describe('Learn mode', () => {
  const list = [1, 2, 3, 4, 5].map((id) => word(id));

  it('offers the right translation among three others of the same level from the list', () => {
    const state = startLearnSession(list, [], seeded());
    for (const item of state.items) {
      expect(item.options).toHaveLength(4);
      expect(item.options).toContain(`t${item.id}`);
      expect(new Set(item.options).size).toBe(4);
      expect(item.step).toBe('choose');
    }
    // The right answer is not always in the same place.
    expect(new Set(state.items.map((item) => item.options.indexOf(optionText(item.word)))).size).toBeGreaterThan(1);
  });

  it('takes wrong options from same-level words outside the list when the list is short of them', () => {
    const short = [word(1, 'B2'), word(2, 'B2'), word(3, 'A1')];
    expect(levelsNeedingWords(short)).toEqual(['B2', 'A1']);
    expect(levelsNeedingWords(list)).toEqual([]);
    const extra = [word(10, 'A1'), word(11, 'B2'), word(12, 'B2'), word(13, 'A1'), word(14, 'A1')];
    const state = startLearnSession(short, extra, seeded());
    const [first, , third] = state.items;
    // B2: the other B2 word of the list and both fetched B2 words; A1: the three fetched A1 words.
    expect([...first!.options].sort()).toEqual(['t1', 't11', 't12', 't2']);
    expect([...third!.options].sort()).toEqual(['t10', 't13', 't14', 't3']);
  });

  it('falls back to words of other levels, never repeats a text and never offers an accepted answer', () => {
    const own = { ...word(1), alternatives: ['other'] };
    const words = [own, word(2, 'C1', 'T1'), word(3, 'C1', 'other'), word(4, 'C1', 't4'), word(5, 'C1', 't4')];
    const [item] = startLearnSession(words, [], seeded()).items;
    expect([...item!.options].sort()).toEqual(['t1', 't4']);
  });

  it('shows definitions to learners without a translation', () => {
    const [item] = startLearnSession([word(1, 'A1', null), word(2, 'A1', null)], [], seeded()).items;
    expect([...item!.options].sort()).toEqual(['d1', 'd2']);
  });

  it('moves a word from choice to typing to proven, and ends when every word is proven', () => {
    let state = startLearnSession([word(1), word(2)], [], seeded());
    expect(isLearnInProgress(state)).toBe(false);
    state = run(state, rightChoice);
    expect(state.choice).toMatchObject({ itemId: 1, right: true });
    expect(isLearnInProgress(state)).toBe(true);
    state = run(state, go);
    expect(state.items[0]!.step).toBe('type');
    expect(learnProgress(state)).toBe(0.25);
    // The recognised word comes back for typing after the others (here: the only other one).
    expect(state.queue).toEqual([2, 1]);
    state = run(state, rightChoice, go);
    expect(currentLearnItem(state)).toMatchObject({ id: 1, step: 'type' });
    state = run(state, typed('correct'));
    expect(state.feedback).toMatchObject({ prompt: { itemId: 1, direction: 'to-english' }, verdict: 'correct' });
    state = run(state, go);
    expect(state.items[0]!.step).toBe('proven');
    expect(unsavedLearnResults(state)).toEqual([{ id: 1, outcome: 'known' }]);
    state = run(state, { type: 'saved', itemId: 1 }, typed('correct'), go);
    expect(state.phase).toBe('end');
    expect(isLearnInProgress(state)).toBe(false);
    expect(learnProgress(state)).toBe(1);
    expect(learnCounts(state)).toEqual({ proven: 2, stillHard: 0, accuracy: 100 });
    expect(learnSummary(state)).toMatchObject({ learned: 2, hard: 0, answers: 2, correct: 2 });
  });

  it('asks a wrong choice again later, and sends a wrong recall back to the choice', () => {
    let state = startLearnSession(list, [], seeded());
    state = run(state, wrongChoice, go);
    expect(state.items[0]).toMatchObject({ step: 'choose', misses: 1 });
    expect(state.queue).toEqual([2, 3, 4, 1, 5]);
    state = startLearnSession([word(1), word(2)], [], seeded());
    state = run(state, rightChoice, go, rightChoice, go);
    state = run(state, typed('wrong'), go);
    expect(state.items[0]).toMatchObject({ step: 'choose', misses: 1 });
    state = run(state, typed('wrong'), go);
    expect(state.items[1]).toMatchObject({ step: 'choose', misses: 1 });
    // Back to the choice, then the typing, then proven: missed twice, it is filed as challenging.
    state = run(state, wrongChoice, go, rightChoice, go, rightChoice, go);
    state = run(state, typed('correct'), go, typed('correct'), go);
    expect(state.phase).toBe('end');
    expect(unsavedLearnResults(state)).toEqual([
      { id: 1, outcome: 'hard' },
      { id: 2, outcome: 'none' },
    ]);
    expect(learnCounts(state)).toEqual({ proven: 2, stillHard: 1, accuracy: 50 });
  });

  it('proves a word only by a recall graded good: a slip is accepted but typed again', () => {
    let state = startLearnSession([word(1), word(2)], [], seeded());
    state = run(state, rightChoice, go, rightChoice, go, typed('almost'), go);
    expect(state.items[0]).toMatchObject({ step: 'type', misses: 0 });
    state = run(state, typed('accent'), go);
    expect(state.items[1]).toMatchObject({ step: 'type', misses: 0 });
    state = run(state, typed('wrong'), { type: 'override' }, go);
    expect(state.items[0]!.step).toBe('proven');
    expect(state).toMatchObject({ answers: 3, accepted: 3 });
  });

  it('ignores actions that do not fit the current step', () => {
    const state = startLearnSession([word(1), word(2)], [], seeded());
    expect(run(state, typed('correct'))).toBe(state);
    expect(run(state, go)).toBe(state);
    expect(run(state, { type: 'choose', option: 'not offered' })).toBe(state);
    const chosen = run(state, rightChoice);
    expect(run(chosen, wrongChoice)).toBe(chosen);
    expect(run(chosen, { type: 'override' })).toBe(chosen);
  });

  it('starts at the typing when no other word can be offered, and ends at once without words', () => {
    const state = startLearnSession([word(1)], [], seeded());
    expect(state.items[0]).toMatchObject({ step: 'type', options: ['t1'] });
    expect(run(state, typed('wrong'), go).items[0]!.step).toBe('type');
    expect(startLearnSession([]).phase).toBe('end');
  });

  it('shuffles without losing or adding values', () => {
    expect(shuffle([1, 2, 3, 4, 5], seeded()).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
