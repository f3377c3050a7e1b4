import type { CefrLevel, Voca } from '@vocagarden/contract';
import type { Verdict } from './answer-checker.ts';
import {
  practiceOutcome,
  provesWord,
  requeue,
  sessionSummary,
  withAnswer,
  withOverride,
  type Feedback,
  type Outcome,
} from './session.ts';

/**
 * Learn mode (decision 019): each word is first recognised (one translation among four), then
 * recalled (its English typed from the translation); it is proven only by a recall graded good. A
 * wrong choice asks again later; a wrong recall sends the word back to the choice.
 */
export type LearnStep = 'choose' | 'type' | 'proven';

export interface LearnItem {
  id: number;
  word: Voca;
  step: LearnStep;
  /** The right answer among up to three wrong ones, in the order shown (one option: no choice step). */
  options: string[];
  misses: number;
  /** Its result (known, challenging or neither) has been saved. */
  saved: boolean;
}

export interface ChoiceFeedback {
  itemId: number;
  chosen: string;
  right: boolean;
}

export interface LearnState {
  phase: 'learn' | 'end';
  items: LearnItem[];
  /** Item ids in the order they come; the first is asked now. */
  queue: number[];
  /** The choice just made, shown until the learner continues. */
  choice: ChoiceFeedback | null;
  /** The typed answer just checked, shown until the learner continues. */
  feedback: Feedback | null;
  /** Prompts settled so far. */
  steps: number;
  answers: number;
  accepted: number;
}

export type LearnAction =
  | { type: 'choose'; option: string }
  | { type: 'answer'; input: string; verdict: Verdict; expected: string }
  | { type: 'override' }
  | { type: 'continue' }
  | { type: 'saved'; itemId: number };

export type LearnDispatch = (action: LearnAction) => void;

const OPTION_COUNT = 4;

/** What the choice shows for a word: its translation, or its definition to learners without one. */
export const optionText = (word: Voca) => word.translation ?? word.definition;

const sameText = (text: string) => text.trim().toLocaleLowerCase();

/** A shuffled copy (Fisher–Yates) with the given source of randomness. */
export function shuffle<T>(values: readonly T[], random: () => number): T[] {
  const copy = [...values];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

/**
 * Up to three wrong options for a word, taken from the groups in order (each shuffled): no text
 * twice, and none the word itself accepts.
 */
function wrongOptions(word: Voca, groups: readonly (readonly Voca[])[], random: () => number): string[] {
  const taken = new Set([optionText(word), ...word.alternatives].map(sameText));
  const picked: string[] = [];
  for (const group of groups) {
    for (const candidate of shuffle(group, random)) {
      if (picked.length === OPTION_COUNT - 1) return picked;
      const text = optionText(candidate);
      if (candidate.id === word.id || taken.has(sameText(text))) continue;
      taken.add(sameText(text));
      picked.push(text);
    }
  }
  return picked;
}

const ofLevel = (words: readonly Voca[], level: CefrLevel) => words.filter((word) => word.level === level);

/** The levels for which some word of the list has too few other words of its level to choose from. */
export function levelsNeedingWords(words: readonly Voca[]): CefrLevel[] {
  const short = words.filter(
    (word) => wrongOptions(word, [ofLevel(words, word.level)], () => 0).length < OPTION_COUNT - 1,
  );
  return [...new Set(short.map((word) => word.level))];
}

/**
 * A Learn session over a list's words. Wrong options come from the list's words of the same level,
 * then from `extra` words of that level (fetched for levels the list is short of), and only then
 * from words of other levels.
 */
export function startLearnSession(
  words: readonly Voca[],
  extra: readonly Voca[] = [],
  random: () => number = Math.random,
): LearnState {
  const items = words.map((word): LearnItem => {
    const wrong = wrongOptions(word, [ofLevel(words, word.level), ofLevel(extra, word.level), words, extra], random);
    const options = shuffle([optionText(word), ...wrong], random);
    return { id: word.id, word, step: options.length > 1 ? 'choose' : 'type', options, misses: 0, saved: false };
  });
  return {
    phase: items.length ? 'learn' : 'end',
    items,
    queue: items.map((item) => item.id),
    choice: null,
    feedback: null,
    steps: 0,
    answers: 0,
    accepted: 0,
  };
}

export function currentLearnItem(state: LearnState): LearnItem | undefined {
  if (state.phase !== 'learn') return undefined;
  return state.items.find((item) => item.id === state.queue[0]);
}

/** The step a word falls back to after a wrong recall: the choice, when it has one. */
const firstStep = (item: LearnItem): LearnStep => (item.options.length > 1 ? 'choose' : 'type');

/** Settles the current prompt: the word moves to `change`'s step, and comes back later unless proven. */
function settle(state: LearnState, item: LearnItem, change: Partial<LearnItem>): LearnState {
  const updated = { ...item, ...change };
  const rest = state.queue.slice(1);
  const queue = updated.step === 'proven' ? rest : requeue(rest, item.id);
  return {
    ...state,
    items: state.items.map((candidate) => (candidate.id === item.id ? updated : candidate)),
    queue,
    choice: null,
    feedback: null,
    steps: state.steps + 1,
    phase: queue.length ? 'learn' : 'end',
  };
}

export function learnReducer(state: LearnState, action: LearnAction): LearnState {
  const item = currentLearnItem(state);
  const waiting = !state.choice && !state.feedback;
  switch (action.type) {
    case 'choose': {
      if (!item || item.step !== 'choose' || !waiting || !item.options.includes(action.option)) return state;
      return {
        ...state,
        choice: { itemId: item.id, chosen: action.option, right: action.option === optionText(item.word) },
      };
    }
    case 'answer': {
      if (!item || item.step !== 'type' || !waiting) return state;
      return withAnswer(state, { itemId: item.id, direction: 'to-english' }, action);
    }
    case 'override':
      return withOverride(state);
    case 'continue': {
      if (!item) return state;
      if (state.choice) {
        return state.choice.right
          ? settle(state, item, { step: 'type' })
          : settle(state, item, { misses: item.misses + 1 });
      }
      if (!state.feedback) return state;
      const { feedback } = state;
      if (provesWord(feedback)) return settle(state, item, { step: 'proven' });
      // Accepted with a slip (accent, typo): right, but not yet proven; it is typed again later.
      if (feedback.verdict !== 'wrong') return settle(state, item, {});
      return settle(state, item, { step: firstStep(item), misses: item.misses + 1 });
    }
    case 'saved':
      return {
        ...state,
        items: state.items.map((candidate) =>
          candidate.id === action.itemId ? { ...candidate, saved: true } : candidate,
        ),
      };
  }
}

/** Begun and not finished: leaving now would drop the rest of the session. */
export const isLearnInProgress = (state: LearnState) =>
  state.phase === 'learn' && (state.steps > 0 || state.choice !== null || state.feedback !== null);

/** Progress towards the end: half a word for a recognised word, a whole one for a proven word. */
export function learnProgress(state: LearnState): number {
  if (state.items.length === 0) return 1;
  const credit = state.items.reduce(
    (sum, item) => sum + (item.step === 'proven' ? 1 : item.step === 'type' && item.options.length > 1 ? 0.5 : 0),
    0,
  );
  return credit / state.items.length;
}

const provenItems = (state: LearnState) => state.items.filter((item) => item.step === 'proven');

/** Proven words whose result has not been saved yet, with how each is filed. */
export const unsavedLearnResults = (state: LearnState): { id: number; outcome: Outcome }[] =>
  provenItems(state)
    .filter((item) => !item.saved)
    .map((item) => ({ id: item.id, outcome: practiceOutcome(item.misses) }));

/** The finished session as the server records it (a session on a list). */
export const learnSummary = (state: LearnState) =>
  sessionSummary(
    provenItems(state).map((item) => practiceOutcome(item.misses)),
    state.answers,
    state.accepted,
  );

/** What the end screen shows: the words proven, those still challenging, and the accuracy of the typing. */
export function learnCounts(state: LearnState) {
  const { hard, accuracy } = learnSummary(state);
  return { proven: provenItems(state).length, stillHard: hard, accuracy };
}
