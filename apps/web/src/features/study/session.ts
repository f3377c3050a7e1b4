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
  /** Answered right (graded good) at least once: proven in practice, not just marked. */
  proven: boolean;
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

/** What a typed answer's reducers share: the counts and the feedback shown until the learner moves on. */
interface AnswerState {
  answers: number;
  accepted: number;
  feedback: Feedback | null;
}

/** A typed answer, checked: counted, and its feedback shown. */
export function withAnswer<S extends AnswerState>(
  state: S,
  prompt: Prompt,
  answer: Pick<Feedback, 'input' | 'verdict' | 'expected'>,
): S {
  return {
    ...state,
    answers: state.answers + 1,
    accepted: state.accepted + (answer.verdict !== 'wrong' ? 1 : 0),
    feedback: { prompt, input: answer.input, verdict: answer.verdict, expected: answer.expected, overridden: false },
  };
}

/** "I was right" after a wrong answer: accepted after all, once. */
export function withOverride<S extends AnswerState>(state: S): S {
  if (!state.feedback || state.feedback.verdict !== 'wrong' || state.feedback.overridden) return state;
  return { ...state, accepted: state.accepted + 1, feedback: { ...state.feedback, overridden: true } };
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

/** Puts a prompt back into the queue after RETRY_GAP others (or at its end). */
export const requeue = <T>(rest: readonly T[], prompt: T): T[] => [
  ...rest.slice(0, RETRY_GAP),
  prompt,
  ...rest.slice(RETRY_GAP),
];

/** The share of accepted answers, in percent (100 before any answer). */
export const accuracyOf = (answers: number, accepted: number) =>
  answers === 0 ? 100 : Math.round((accepted / answers) * 100);

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
    proven: false,
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
    change = { correct, done: correct >= required, proven: item.proven || provesWord(feedback) };
    if (correct < required) queue = [...rest, { itemId: item.id, direction: 'to-english' }];
  } else {
    change = { misses: item.misses + 1 };
    queue = requeue(rest, { ...feedback.prompt });
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
      return withAnswer(state, state.queue[0], action);
    }
    case 'override':
      return withOverride(state);
    case 'continue': {
      if (!state.feedback) return state;
      return settle(state, state.feedback.verdict !== 'wrong' || state.feedback.overridden);
    }
    case 'saved':
      return { ...state, items: updateItem(state, action.itemId, { end_sc_processed: true }) };
  }
}

export type Outcome = 'known' | 'hard' | 'none';

/** How a practised word is filed once done: never missed → known; missed twice or more → challenging. */
export const practiceOutcome = (misses: number): Outcome => (misses === 0 ? 'known' : misses >= 2 ? 'hard' : 'none');

/** How the end screen files a word: sorted "I know it" → known; practised → by its misses. */
export function outcome(item: StudyItem): Outcome {
  if (!item.want_to_learn) return item.done ? 'known' : 'none';
  return item.done ? practiceOutcome(item.misses) : 'none';
}

/** The FSRS grade of one answer. */
export function gradeOf(feedback: Feedback): ReviewGrade {
  if (feedback.overridden) return 'good';
  return { correct: 'good', accent: 'hard', almost: 'hard', wrong: 'again' }[feedback.verdict] as ReviewGrade;
}

/** An answer graded good or easy proves the word (the server records the same proof from the grade). */
export const provesWord = (feedback: Feedback) => ['good', 'easy'].includes(gradeOf(feedback));

/** A finished session as the server records it: words filed known and challenging, and the answers. */
export function sessionSummary(outcomes: readonly Outcome[], answers: number, accepted: number) {
  return {
    learned: outcomes.filter((value) => value === 'known').length,
    hard: outcomes.filter((value) => value === 'hard').length,
    accuracy: accuracyOf(answers, accepted),
    answers,
    correct: accepted,
  };
}

export const summary = (state: SessionState) => sessionSummary(state.items.map(outcome), state.answers, state.accepted);

/** What a list session's end screen shows: proof from practice apart from self-reported marks. */
export function listCounts(state: SessionState) {
  return {
    proven: state.items.filter((item) => item.proven).length,
    markedKnown: state.items.filter((item) => item.processed && !item.want_to_learn).length,
    stillHard: summary(state).hard,
    accuracy: accuracyOf(state.answers, state.accepted),
  };
}

/** What a review's end screen shows: every due word reviewed, remembered at once or to repeat soon. */
export function reviewCounts(state: SessionState) {
  const reviewed = state.items.filter((item) => item.done);
  return {
    reviewed: reviewed.length,
    remembered: reviewed.filter((item) => item.misses === 0).length,
    toRepeat: reviewed.filter((item) => item.misses > 0).length,
  };
}

/** Begun and not finished: leaving now would drop the rest of the session. */
export function isInProgress(state: SessionState): boolean {
  if (state.phase === 'end') return false;
  if (state.mode === 'review') return state.answers > 0;
  return state.phase !== 'sort' || state.cursor > 0;
}

/** Finished items whose result has not been saved yet. */
export const unsavedResults = (state: SessionState) =>
  state.items.filter((item) => !item.end_sc_processed && (item.done || state.phase === 'end'));
