import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE, seedSampleContent } from '../../../test/content-fixture.ts';
import { signUp } from '../../../test/factories.ts';
import { createTestApp, request, TestClock, testDatabase } from '../../../test/test-app.ts';

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

describe('home/', () => {
  it('starts empty for a new learner', async () => {
    const { token } = await signUp(app);
    const summary = (await call('GET', 'home/?tz=Europe/Istanbul', token)).json();
    expect(summary).toMatchObject({
      total_learned: 0,
      total_difficult: 0,
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
