import { describe, expect, it } from 'vitest';
import {
  currentItem,
  isInProgress,
  listCounts,
  outcome,
  reviewCounts,
  sessionReducer,
  startListSession,
  startReviewSession,
  summary,
  type SessionAction,
  type SessionState,
} from './session.ts';
import { testWord } from '../../lib/testing/test-word.ts';

const word = (id: number, translation: string | null = `t${id}`) => testWord(id, { translation });

const run = (state: SessionState, ...actions: SessionAction[]) => actions.reduce(sessionReducer, state);
const right: SessionAction = { type: 'answer', input: 'x', verdict: 'correct', expected: 'x' };
const wrong: SessionAction = { type: 'answer', input: 'x', verdict: 'wrong', expected: 'y' };
const go: SessionAction = { type: 'continue' };

describe('study session', () => {
  it('sorts, teaches, then practises each word in both directions', () => {
    let state = startListSession([word(1), word(2), word(3)]);
    expect(state.phase).toBe('sort');
    state = run(state, { type: 'know' }, { type: 'learn' }, { type: 'learn' });
    expect(state.phase).toBe('teach');
    expect(state.items[0]).toMatchObject({ processed: true, done: true, want_to_learn: false });
    expect(currentItem(state)?.id).toBe(2);
    state = run(state, { type: 'taught' }, { type: 'taught' });
    expect(state.phase).toBe('practice');
    expect(state.queue).toEqual([
      { itemId: 2, direction: 'to-native' },
      { itemId: 3, direction: 'to-native' },
    ]);
    state = run(state, right, go, right, go);
    expect(state.queue.map((prompt) => prompt.direction)).toEqual(['to-english', 'to-english']);
    state = run(state, right, go, right, go);
    expect(state.phase).toBe('end');
    expect(summary(state)).toMatchObject({ learned: 3, hard: 0, accuracy: 100, answers: 4 });
  });

  it('brings a missed word back later and files words missed twice as challenging', () => {
    let state = run(
      startListSession([word(1), word(2)]),
      { type: 'learn' },
      { type: 'learn' },
      { type: 'taught' },
      { type: 'taught' },
    );
    state = run(state, wrong, go);
    expect(state.queue.map((prompt) => prompt.itemId)).toEqual([2, 1]);
    state = run(state, right, go, wrong, go, right, go, right, go, right, go);
    expect(state.phase).toBe('end');
    const [first, second] = state.items;
    expect(first).toMatchObject({ misses: 2, done: true });
    expect(outcome(first!)).toBe('hard');
    expect(outcome(second!)).toBe('known');
    expect(summary(state)).toMatchObject({ learned: 1, hard: 1, answers: 6, correct: 4, accuracy: 67 });
  });

  it('counts an "I was right" override as a right answer', () => {
    let state = run(startListSession([word(1)]), { type: 'learn' }, { type: 'taught' }, wrong, { type: 'override' });
    expect(state.feedback?.overridden).toBe(true);
    state = run(state, go);
    expect(state.items[0]!.correct).toBe(1);
    expect(state.items[0]!.misses).toBe(0);
  });

  it('ignores answers while feedback is shown and overrides of right answers', () => {
    let state = run(startListSession([word(1)]), { type: 'learn' }, { type: 'taught' }, right);
    expect(run(state, right).answers).toBe(1);
    state = run(state, { type: 'override' });
    expect(state.accepted).toBe(1);
  });

  it('reviews each due word once, in English for learners without a translation', () => {
    let state = startReviewSession([word(1, null), word(2)]);
    expect(state.phase).toBe('practice');
    expect(state.queue[0]).toEqual({ itemId: 1, direction: 'to-english' });
    state = run(state, right, go, right, go);
    expect(state.phase).toBe('end');
  });

  it('ends at once when everything is known', () => {
    const state = run(startListSession([word(1)]), { type: 'know' });
    expect(state.phase).toBe('end');
    expect(summary(state).learned).toBe(1);
  });

  it('counts the words proven in practice apart from those only marked known', () => {
    const accent: SessionAction = { type: 'answer', input: 'x', verdict: 'accent', expected: 'x' };
    let state = run(startListSession([word(1), word(2), word(3)]), { type: 'know' }, { type: 'learn' });
    expect(isInProgress(state)).toBe(true);
    state = run(state, { type: 'learn' }, { type: 'taught' }, { type: 'taught' });
    // Word 2 is right both times; word 3 only with accent slips (graded hard), which prove nothing.
    state = run(state, right, go, accent, go, right, go, accent, go);
    expect(state.phase).toBe('end');
    expect(isInProgress(state)).toBe(false);
    expect(state.items.map((item) => item.proven)).toEqual([false, true, false]);
    expect(listCounts(state)).toEqual({ proven: 1, markedKnown: 1, stillHard: 0, accuracy: 100 });
  });

  it('counts a review as reviewed, remembered at once or to repeat', () => {
    let state = startReviewSession([word(1), word(2), word(3)]);
    expect(isInProgress(state)).toBe(false);
    state = run(state, right, go);
    expect(isInProgress(state)).toBe(true);
    state = run(state, wrong, go, right, go, right, go);
    expect(state.phase).toBe('end');
    expect(reviewCounts(state)).toEqual({ reviewed: 3, remembered: 2, toRepeat: 1 });
  });

  it('is not in progress before the first word is sorted', () => {
    expect(isInProgress(startListSession([word(1), word(2)]))).toBe(false);
  });
});
