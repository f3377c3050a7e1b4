import { describe, expect, it } from 'vitest';
import { marksTogether, type MarkedRow } from './marks-together.ts';
import type { Marks } from './records.repository.ts';

const createdAt = new Date('2026-11-28T12:00:00Z');
/** A database that answers every pair with a row (its id the pair's place in the call), and records each call. */
function fakeDatabase({ failFor }: { failFor?: number } = {}) {
  const calls: Marks[] = [];
  const apply = async (marks: Marks): Promise<MarkedRow[]> => {
    calls.push(marks);
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (failFor !== undefined && marks.learners.includes(failFor)) throw new Error(`learner ${failFor} is gone`);
    return marks.words.map((vocaId, index) => ({ userId: marks.learners[index]!, id: index + 1, vocaId, createdAt }));
  };
  return { calls, apply };
}

const words = (rows: MarkedRow[]) => rows.map((row) => row.vocaId);

describe('marksTogether', () => {
  it('sends the marks of one moment in one call, and answers each with its own rows', async () => {
    const database = fakeDatabase();
    const marking = marksTogether(database.apply);
    const answers = await Promise.all([marking.mark(1, [10, 11]), marking.mark(2, [10]), marking.mark(3, [12, 13])]);
    expect(database.calls).toEqual([{ learners: [1, 1, 2, 3, 3], words: [10, 11, 10, 12, 13] }]);
    expect(answers.map(words)).toEqual([[10, 11], [10], [12, 13]]);
  });

  it('sends a pair once when two marks of a learner share a word, and answers both', async () => {
    const database = fakeDatabase();
    const marking = marksTogether(database.apply);
    const answers = await Promise.all([marking.mark(1, [10, 11]), marking.mark(1, [11, 12])]);
    expect(database.calls).toEqual([{ learners: [1, 1, 1], words: [10, 11, 12] }]);
    expect(answers.map(words)).toEqual([
      [10, 11],
      [11, 12],
    ]);
  });

  it('lets marks that arrive while four calls are on their way wait, and sends them together next', async () => {
    const database = fakeDatabase();
    const marking = marksTogether(database.apply);
    const marks: Promise<MarkedRow[]>[] = [];
    for (const learner of [1, 2, 3, 4]) {
      marks.push(marking.mark(learner, [10]));
      await new Promise((resolve) => setImmediate(resolve));
    }
    marks.push(marking.mark(5, [10]), marking.mark(6, [10]), marking.mark(7, [10]));
    await Promise.all(marks);
    expect(database.calls.map((call) => call.learners)).toEqual([[1], [2], [3], [4], [5, 6, 7]]);
  });

  it('fails a mark only for its own sake: after a failed call, its marks are applied one by one', async () => {
    const database = fakeDatabase({ failFor: 2 });
    const marking = marksTogether(database.apply);
    const answers = await Promise.allSettled([marking.mark(1, [10]), marking.mark(2, [10]), marking.mark(3, [10])]);
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(database.calls.map((call) => call.learners)).toEqual([[1, 2, 3], [1], [2], [3]]);
  });
});
