import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE, seedSampleContent, writeContentFile } from '../../../test/content-fixture.ts';
import { grantPremium, signUp } from '../../../test/factories.ts';
import { createTestApp, request, TestClock, testDatabase } from '../../../test/test-app.ts';
import { importContentFiles } from '../vocabulary/content-import.ts';

let app: FastifyInstance;
const clock = new TestClock();
const DAY = 86_400_000;

beforeAll(async () => {
  app = await createTestApp({ clock });
  await seedSampleContent((await testDatabase()).db);
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
  request(app, { method, url: `/cyberapi/${url}`, token, ...(payload ? { payload } : {}) });
const word = (index: number) => SAMPLE.appleId + index;

describe('reviews', () => {
  it('schedules marked words and makes them due later, not now', async () => {
    const { token } = await signUp(app);
    await call('POST', 'vocarecords/', token, { voca_ids: [word(0), word(1)] });
    await call('POST', 'vocahardrecords/', token, { voca_id: word(2) });
    const now = (await call('GET', 'reviews/due/', token)).json();
    expect(now.count).toBeLessThanOrEqual(1);

    clock.advance(30 * DAY);
    const later = (await call('GET', 'reviews/due/', token)).json();
    expect(later.count).toBe(3);
    expect(later.words.map((w: { id: number }) => w.id).sort()).toEqual([word(0), word(1), word(2)]);
  });

  it('moves a card with each answer: good pushes it out, again brings it back', async () => {
    const { token } = await signUp(app);
    const good = await call('POST', 'reviews/', token, { voca_id: word(3), grade: 'good' });
    expect(good.statusCode).toBe(200);
    const goodDue = new Date(good.json().due).getTime();
    const again = await call('POST', 'reviews/', token, { voca_id: word(3), grade: 'again' });
    expect(again.json()).toMatchObject({ voca_id: word(3), reps: 2, lapses: expect.any(Number) });
    expect(new Date(again.json().due).getTime()).toBeLessThanOrEqual(goodDue);
  });

  it('forgets a word removed from both sets', async () => {
    const { token } = await signUp(app);
    await call('POST', 'vocarecords/', token, { voca_id: word(4) });
    await call('DELETE', `vocarecords/${word(4)}/`, token);
    clock.advance(30 * DAY);
    expect((await call('GET', 'reviews/due/', token)).json().count).toBe(0);
  });

  it('rejects bad answers', async () => {
    const { token } = await signUp(app);
    expect((await call('POST', 'reviews/', token, { voca_id: word(0), grade: 'perfect' })).statusCode).toBe(400);
    expect((await call('POST', 'reviews/', token, { voca_id: 99_999_999, grade: 'good' })).statusCode).toBe(400);
    expect((await call('POST', 'reviews/', undefined, { voca_id: word(0), grade: 'good' })).statusCode).toBe(401);
  });
});

describe('proven in practice', () => {
  const proven = async (token: string) =>
    ((await call('GET', 'reviews/proven/', token)).json() as { voca_id: number }[]).map((row) => row.voca_id);

  it('is not given by marking, nor by a wrong or shaky answer; a right answer proves a word for good', async () => {
    const { token } = await signUp(app);
    await call('POST', 'vocarecords/', token, { voca_ids: [word(0), word(1)] });
    await call('POST', 'vocahardrecords/', token, { voca_id: word(2) });
    expect(await proven(token)).toEqual([]);

    await call('POST', 'reviews/', token, { voca_id: word(0), grade: 'again' });
    await call('POST', 'reviews/', token, { voca_id: word(2), grade: 'hard' });
    expect(await proven(token)).toEqual([]);

    const right = await call('POST', 'reviews/', token, { voca_id: word(0), grade: 'good' });
    expect(right.statusCode).toBe(200);
    clock.advance(DAY);
    await call('POST', 'reviews/', token, { voca_id: word(5), grade: 'easy' });
    // A later miss sends the card back but does not take the proof away.
    await call('POST', 'reviews/', token, { voca_id: word(0), grade: 'again' });
    const rows = (await call('GET', 'reviews/proven/', token)).json() as { voca_id: number; proven_at: string }[];
    expect(rows.map((row) => row.voca_id)).toEqual([word(0), word(5)]);
    expect(new Date(rows[1]!.proven_at).getTime() - new Date(rows[0]!.proven_at).getTime()).toBeGreaterThanOrEqual(DAY);

    // Proof outlives the mark: unmarking a proven word keeps it proven.
    await call('DELETE', `vocarecords/${word(0)}/`, token);
    expect(await proven(token)).toEqual([word(0), word(5)]);

    const summary = (await call('GET', 'home/?tz=UTC', token)).json();
    expect(summary).toMatchObject({ total_learned: 1, total_difficult: 1, total_proven: 2 });
    expect(summary.levels.find((level: { level: string }) => level.level === 'A1')).toMatchObject({
      known: 1,
      proven: 2,
    });
  });

  it('is each learner’s own', async () => {
    const [first, second] = await Promise.all([signUp(app), signUp(app)]);
    await call('POST', 'reviews/', first.token, { voca_id: word(6), grade: 'good' });
    expect(await proven(first.token)).toEqual([word(6)]);
    expect(await proven(second.token)).toEqual([]);
    expect((await call('GET', 'reviews/proven/')).statusCode).toBe(401);
  });
});

describe('home/', () => {
  it('starts empty for a new learner', async () => {
    const { token } = await signUp(app);
    const summary = (await call('GET', 'home/?tz=Europe/Istanbul', token)).json();
    expect(summary).toMatchObject({
      total_learned: 0,
      total_difficult: 0,
      total_proven: 0,
      streak: 0,
      studied_today: false,
      due_reviews: 0,
      last_list: null,
    });
    expect(summary.levels.map((level: { level: string }) => level.level)).toContain('A1');
  });

  it('counts totals, level progress, the last list and a streak of consecutive days', async () => {
    const { token } = await signUp(app);
    await call('POST', 'vocarecords/', token, { voca_ids: [word(0), word(1), word(2)] });
    await call('POST', 'vocahardrecords/', token, { voca_id: word(3) });
    const session = { kind: 'list', bulletin_id: SAMPLE.freeListId, learned: 3, hard: 1, answers: 10, correct: 8 };
    for (let day = 0; day < 3; day += 1) {
      expect((await call('POST', 'study-sessions/', token, session)).statusCode).toBe(201);
      clock.advance(DAY);
    }
    let summary = (await call('GET', 'home/?tz=Asia/Baku', token)).json();
    expect(summary).toMatchObject({ total_learned: 3, total_difficult: 1, streak: 3, studied_today: false });
    expect(summary.last_list).toEqual({ id: SAMPLE.freeListId, title: 'Sample 1 (tr)' });
    expect(summary.levels.find((level: { level: string }) => level.level === 'A1').known).toBe(3);

    await call('POST', 'study-sessions/', token, session);
    summary = (await call('GET', 'home/?tz=Asia/Baku', token)).json();
    expect(summary).toMatchObject({ streak: 4, studied_today: true });

    clock.advance(2 * DAY);
    expect((await call('GET', 'home/?tz=Asia/Baku', token)).json().streak).toBe(0);
  });

  it('rejects an unknown time zone and a malformed session', async () => {
    const { token } = await signUp(app);
    expect((await call('GET', 'home/?tz=Mars/Olympus', token)).statusCode).toBe(400);
    const bad = { kind: 'list', bulletin_id: null, learned: 1, hard: 0, answers: 1, correct: 2 };
    expect((await call('POST', 'study-sessions/', token, bad)).statusCode).toBe(400);
  });
});

describe('home/ suggested_list', () => {
  const localized = (text: string) => ({ en: text, es: `${text} (es)`, tr: `${text} (tr)`, az: `${text} (az)` });
  /** Fifteen words per list (the content's minimum), numbered after the list. */
  const wordsOf = (listId: number) => Array.from({ length: 15 }, (_, index) => listId * 100 + index + 1);
  /**
   * C1: category 872 (order 1) with lists 8721, 8722, then category 871 (order 2) with list 8711.
   * C2: category 880 with lists 8801–8805; the fifth list of a level is premium.
   */
  const layout = [
    { id: 871, level: 'C1', order: 2, lists: [8711] },
    { id: 872, level: 'C1', order: 1, lists: [8721, 8722] },
    { id: 880, level: 'C2', order: 1, lists: [8801, 8802, 8803, 8804, 8805] },
  ];

  beforeAll(async () => {
    const lines = layout.flatMap((category) => [
      {
        kind: 'category',
        id: category.id,
        level: category.level,
        order: category.order,
        illustration: 'leaf',
        title: localized(`Category ${category.id}`),
        description: localized('Suggestions.'),
      },
      ...category.lists.flatMap((listId, index) => [
        {
          kind: 'list',
          id: listId,
          category: category.id,
          order: index + 1,
          title: localized(`List ${listId}`),
          words: wordsOf(listId),
        },
        ...wordsOf(listId).map((id) => ({
          kind: 'word',
          id,
          word: `suggestword${id}`,
          pos: 'noun',
          level: category.level,
          definition: `suggestion definition ${id}`,
          example: `Suggestion example ${id}.`,
          tr: [`öneri${id}`],
          es: [`sugerencia${id}`],
          az: [`təklif${id}`],
        })),
      ]),
    ]);
    const report = await importContentFiles((await testDatabase()).db, [
      writeContentFile(
        'suggestions.jsonl',
        lines.map((line) => JSON.stringify(line)),
      ),
    ]);
    expect(report.problems).toEqual([]);
  });

  const suggestion = async (token: string) =>
    (await call('GET', 'home/?tz=Europe/Istanbul', token)).json().suggested_list as {
      id: number;
      known: number;
    } | null;
  const know = (token: string, ...lists: number[]) =>
    call('POST', 'vocarecords/', token, { voca_ids: lists.flatMap(wordsOf) });

  it('is the first list of the starting level, in category and list order, with its progress', async () => {
    const { token } = await signUp(app, { starting_level: 'C1' });
    const summary = (await call('GET', 'home/?tz=Europe/Istanbul', token)).json();
    expect(summary.suggested_list).toEqual({ id: 8721, title: 'List 8721 (tr)', level: 'C1', quantity: 15, known: 0 });
  });

  it('moves on once a list is finished, and to the next level once the level is', async () => {
    const { token } = await signUp(app, { starting_level: 'C1' });
    await call('POST', 'vocarecords/', token, { voca_id: wordsOf(8721)[0] });
    expect(await suggestion(token)).toMatchObject({ id: 8721, known: 1 });
    await know(token, 8721);
    expect(await suggestion(token)).toMatchObject({ id: 8722, known: 0 });
    await know(token, 8722, 8711);
    expect(await suggestion(token)).toMatchObject({ id: 8801 });
  });

  it('skips lists the learner may not open until they have premium', async () => {
    const { token, user } = await signUp(app, { starting_level: 'C2' });
    await know(token, 8801, 8802, 8803, 8804);
    expect(await suggestion(token)).toBeNull();
    await grantPremium(user.id, clock.now());
    expect(await suggestion(token)).toMatchObject({ id: 8805 });
  });

  it('follows a changed starting level, and is absent while the learner has none', async () => {
    const { token } = await signUp(app);
    expect(await suggestion(token)).toBeNull();
    await request(app, { method: 'PATCH', url: '/cyberapi/user/', token, payload: { starting_level: 'C2' } });
    expect(await suggestion(token)).toMatchObject({ id: 8801 });
  });
});
