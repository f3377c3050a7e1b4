import type { ReviewGrade, Voca } from '@vocagarden/contract';
import type { Verdict } from './answer-checker.ts';

/** The spec's study-session item, plus what practice needs to count. */
export interface StudyItem {
  id: number;
  word: Voca;
  original: Voca;
  /** Finished: known from the start, or answered right twice. */
  done: boolean;
  /** Sorted into "I know it" or "Learn it". */
  processed: boolean;
  taught: boolean;
  want_to_learn: boolean;
  /** Its result has been saved by the end screen. */
  end_sc_processed: boolean;
  correct: number;
  misses: number;
}

/** Practice asks for the translation first, then the English word from the translation. */
export type Direction = 'to-native' | 'to-english';

export interface Prompt {
  itemId: number;
  direction: Direction;
}

export type Phase = 'sort' | 'teach' | 'practice' | 'end';

export interface Feedback {
  prompt: Prompt;
  input: string;
  verdict: Verdict;
  expected: string;
  overridden: boolean;
}

export interface SessionState {
  mode: 'list' | 'review';
  phase: Phase;
  items: StudyItem[];
  /** Position in the sort or teach phase. */
  cursor: number;
  queue: Prompt[];
  feedback: Feedback | null;
  answers: number;
  accepted: number;
}

/** Right answers a word needs in a list session (once per direction); a review needs one. */
const REQUIRED_CORRECT = { list: 2, review: 1 } as const;
/** A missed word comes back after this many other prompts (or at the end). */
const RETRY_GAP = 3;

export type SessionAction =
  | { type: 'know' }
  | { type: 'learn' }
  | { type: 'taught' }
  | { type: 'answer'; input: string; verdict: Verdict; expected: string }
  | { type: 'override' }
  | { type: 'continue' }
  /** The item's result has been saved (end_sc_processed). */
  | { type: 'saved'; itemId: number };

export type SessionDispatch = (action: SessionAction) => void;

export function createItem(word: Voca): StudyItem {
  return {
    id: word.id,
    word,
    original: word,
    done: false,
    processed: false,
    taught: false,
    want_to_learn: false,
    end_sc_processed: false,
    correct: 0,
    misses: 0,
  };
}

/** Learners whose native language is English have no translation to type: they answer in English. */
const firstDirection = (word: Voca): Direction => (word.translation ? 'to-native' : 'to-english');

export function startListSession(words: Voca[]): SessionState {
  return {
    mode: 'list',
    phase: words.length ? 'sort' : 'end',
    items: words.map(createItem),
    cursor: 0,
    queue: [],
    feedback: null,
    answers: 0,
    accepted: 0,
  };
}

export function startReviewSession(words: Voca[]): SessionState {
  const items = words.map((word) => ({ ...createItem(word), processed: true, taught: true, want_to_learn: true }));
  return {
    mode: 'review',
    phase: items.length ? 'practice' : 'end',
    items,
    cursor: 0,
    queue: items.map((item) => ({ itemId: item.id, direction: firstDirection(item.word) })),
    feedback: null,
    answers: 0,
    accepted: 0,
  };
}

const updateItem = (state: SessionState, id: number, change: Partial<StudyItem>): StudyItem[] =>
  state.items.map((item) => (item.id === id ? { ...item, ...change } : item));

function afterSorting(state: SessionState): SessionState {
  const toTeach = state.items.filter((item) => item.want_to_learn);
  if (toTeach.length === 0) return { ...state, phase: 'end' };
  return { ...state, phase: 'teach', cursor: 0 };
}

function startPractice(state: SessionState): SessionState {
  const queue = state.items
    .filter((item) => item.want_to_learn)
    .map((item) => ({ itemId: item.id, direction: firstDirection(item.word) }));
  return { ...state, phase: 'practice', queue };
}

/** The words to teach, in list order. */
export const wordsToTeach = (state: SessionState) => state.items.filter((item) => item.want_to_learn);

export function currentItem(state: SessionState): StudyItem | undefined {
  if (state.phase === 'sort') return state.items[state.cursor];
  if (state.phase === 'teach') return wordsToTeach(state)[state.cursor];
  if (state.phase === 'practice') {
    const id = state.feedback?.prompt.itemId ?? state.queue[0]?.itemId;
    return state.items.find((item) => item.id === id);
  }
  return undefined;
}

function settle(state: SessionState, accepted: boolean): SessionState {
  const feedback = state.feedback!;
  const item = state.items.find((candidate) => candidate.id === feedback.prompt.itemId)!;
  const [, ...rest] = state.queue;
  const required = REQUIRED_CORRECT[state.mode];
  let queue = rest;
  let change: Partial<StudyItem>;
  if (accepted) {
    const correct = item.correct + 1;
    change = { correct, done: correct >= required };
    if (correct < required) queue = [...rest, { itemId: item.id, direction: 'to-english' }];
  } else {
    change = { misses: item.misses + 1 };
    const retry = { ...feedback.prompt };
    queue = [...rest.slice(0, RETRY_GAP), retry, ...rest.slice(RETRY_GAP)];
  }
  const items = updateItem(state, item.id, change);
  return { ...state, items, queue, feedback: null, phase: queue.length === 0 ? 'end' : 'practice' };
}

export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'know':
    case 'learn': {
      if (state.phase !== 'sort') return state;
      const item = state.items[state.cursor]!;
      const known = action.type === 'know';
      const next = {
        ...state,
        items: updateItem(state, item.id, { processed: true, want_to_learn: !known, done: known }),
        cursor: state.cursor + 1,
      };
      return next.cursor >= state.items.length ? afterSorting(next) : next;
    }
    case 'taught': {
      if (state.phase !== 'teach') return state;
      const item = wordsToTeach(state)[state.cursor]!;
      const next = { ...state, items: updateItem(state, item.id, { taught: true }), cursor: state.cursor + 1 };
      return next.cursor >= wordsToTeach(next).length ? startPractice(next) : next;
    }
    case 'answer': {
      if (state.phase !== 'practice' || state.feedback || !state.queue[0]) return state;
      const accepted = action.verdict !== 'wrong';
      return {
        ...state,
        answers: state.answers + 1,
        accepted: state.accepted + (accepted ? 1 : 0),
        feedback: {
          prompt: state.queue[0],
          input: action.input,
          verdict: action.verdict,
          expected: action.expected,
          overridden: false,
        },
      };
    }
    case 'override': {
      if (!state.feedback || state.feedback.verdict !== 'wrong' || state.feedback.overridden) return state;
      return { ...state, accepted: state.accepted + 1, feedback: { ...state.feedback, overridden: true } };
    }
    case 'continue': {
      if (!state.feedback) return state;
      return settle(state, state.feedback.verdict !== 'wrong' || state.feedback.overridden);
    }
    case 'saved':
      return { ...state, items: updateItem(state, action.itemId, { end_sc_processed: true }) };
  }
}

/** How the end screen files a practised word: right first time → known; missed twice or more → challenging. */
export function outcome(item: StudyItem): 'known' | 'hard' | 'none' {
  if (!item.want_to_learn) return item.done ? 'known' : 'none';
  if (!item.done) return 'none';
  if (item.misses === 0) return 'known';
  return item.misses >= 2 ? 'hard' : 'none';
}

/** The FSRS grade of one answer. */
export function gradeOf(feedback: Feedback): ReviewGrade {
  if (feedback.overridden) return 'good';
  return { correct: 'good', accent: 'hard', almost: 'hard', wrong: 'again' }[feedback.verdict] as ReviewGrade;
}

export function summary(state: SessionState) {
  const outcomes = state.items.map(outcome);
  return {
    learned: outcomes.filter((value) => value === 'known').length,
    hard: outcomes.filter((value) => value === 'hard').length,
    accuracy: state.answers === 0 ? 100 : Math.round((state.accepted / state.answers) * 100),
    answers: state.answers,
    correct: state.accepted,
  };
}

/** Finished items whose result has not been saved yet. */
export const unsavedResults = (state: SessionState) =>
  state.items.filter((item) => !item.end_sc_processed && (item.done || state.phase === 'end'));
