import type { Marks } from './records.repository.ts';

export interface MarkedRow {
  userId: number;
  id: number;
  vocaId: number;
  createdAt: Date;
}

interface Waiting {
  userId: number;
  words: number[];
  resolve(rows: MarkedRow[]): void;
  reject(error: unknown): void;
}

/**
 * Calls of one set on their way to the database at once. Marks that arrive meanwhile wait and go
 * together in the next call: the busier the server, the more marks share a commit.
 */
const CALLS_IN_FLIGHT = 4;
/**
 * Bounds one call's transaction (its locks and rows). A larger mark goes alone, so the marks of a
 * lesson never wait for one learner's thousands of words (issue 16).
 */
const WORDS_PER_CALL = 500;

/** The call's (learner, word) pairs in their order, each once: two requests of a learner may share a word. */
function distinctMarks(call: Waiting[]): Marks {
  const marks: Marks = { learners: [], words: [] };
  const seen = new Set<string>();
  for (const { userId, words } of call) {
    for (const word of words) {
      const key = `${userId}:${word}`;
      if (seen.has(key)) continue;
      seen.add(key);
      marks.learners.push(userId);
      marks.words.push(word);
    }
  }
  return marks;
}

/**
 * Marks made at the same moment by different learners share one call of mark_words, one
 * transaction and one commit (decision 031): a commit's WAL flush, not the work, is what a mark
 * costs PostgreSQL most. Each mark is answered only once its call has committed, with its own rows.
 * When a call fails, its marks are applied again one by one, so a mark fails only for its own sake.
 */
export function marksTogether(apply: (marks: Marks) => Promise<MarkedRow[]>) {
  let waiting: Waiting[] = [];
  let inFlight = 0;
  let sendScheduled = false;

  /** After the marks of this turn of the event loop have arrived, so that they go together. */
  function scheduleSend() {
    if (sendScheduled || inFlight >= CALLS_IN_FLIGHT || waiting.length === 0) return;
    sendScheduled = true;
    setImmediate(() => {
      sendScheduled = false;
      void send();
    });
  }

  async function send() {
    let taken = 0;
    let words = 0;
    while (taken < waiting.length && (taken === 0 || words + waiting[taken]!.words.length <= WORDS_PER_CALL)) {
      words += waiting[taken]!.words.length;
      taken += 1;
    }
    const call = waiting.slice(0, taken);
    waiting = waiting.slice(taken);
    inFlight += 1;
    scheduleSend();
    try {
      await applyTogether(call);
    } finally {
      inFlight -= 1;
      scheduleSend();
    }
  }

  async function applyTogether(call: Waiting[]): Promise<void> {
    try {
      const rows = await apply(distinctMarks(call));
      const byLearner = new Map<number, MarkedRow[]>();
      for (const row of rows) {
        const ofLearner = byLearner.get(row.userId);
        if (ofLearner) ofLearner.push(row);
        else byLearner.set(row.userId, [row]);
      }
      for (const mark of call) {
        const asked = new Set(mark.words);
        mark.resolve((byLearner.get(mark.userId) ?? []).filter((row) => asked.has(row.vocaId)));
      }
    } catch (error) {
      if (call.length === 1) return call[0]!.reject(error);
      for (const mark of call) await applyTogether([mark]);
    }
  }

  return {
    /** Marks these distinct words for the learner; resolves to their rows once committed. */
    mark(userId: number, words: number[]): Promise<MarkedRow[]> {
      return new Promise((resolve, reject) => {
        waiting.push({ userId, words, resolve, reject });
        scheduleSend();
      });
    },
  };
}
