import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SAMPLE, seedSampleContent } from '../../test/content-fixture.ts';
import { signUp } from '../../test/factories.ts';
import { createTestApp, request, testDatabase } from '../../test/test-app.ts';

/**
 * Rules that read before they write, raced by parallel requests from one learner. PGlite runs
 * one statement at a time and cannot show a race, so these run on PostgreSQL only.
 */
const onPostgres = inject('databaseUrl') !== undefined;

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await seedSampleContent((await testDatabase()).db);
});
afterAll(() => app.close());

const parallel = <T>(count: number, task: () => Promise<T>) => Promise.all(Array.from({ length: count }, task));
const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((counts, { statusCode }) => {
    counts[statusCode] = (counts[statusCode] ?? 0) + 1;
    return counts;
  }, {});

describe.skipIf(!onPostgres)('races on PostgreSQL', () => {
  it('holds the free plan to 2 personal lists under 50 parallel creates', async () => {
    const { token } = await signUp(app);
    const responses = await parallel(50, () =>
      request(app, { method: 'POST', url: '/cyberapi/vocabulletins/', token, payload: { title: 'Race' } }),
    );
    expect(statuses(responses)).toEqual({ 201: 2, 403: 48 });
    const lists = await request(app, { method: 'GET', url: '/cyberapi/vocabulletins/', token });
    expect(lists.json()).toHaveLength(2);
  });

  it('adds each word once, and reports it added exactly once, under 20 parallel identical imports', async () => {
    const { token } = await signUp(app);
    const list = (
      await request(app, { method: 'POST', url: '/cyberapi/vocabulletins/', token, payload: { title: 'Race' } })
    ).json() as { id: number };
    const responses = await parallel(20, () =>
      request(app, {
        method: 'POST',
        url: `/cyberapi/vocabulletins/${list.id}/import/`,
        token,
        payload: { text: 'apple\nsampleword19002' },
      }),
    );
    expect(statuses(responses)).toEqual({ 200: 20 });
    const added = responses.flatMap((response) => (response.json() as { added: { id: number }[] }).added);
    expect(added.map(({ id }) => id).sort()).toEqual([SAMPLE.appleId, 19002]);
    const detail = await request(app, { method: 'GET', url: `/cyberapi/vocabulletins/${list.id}/`, token });
    expect(detail.json()).toMatchObject({ lexicon: `${SAMPLE.appleId}-19002` });
  });

  it('applies 20 parallel identical manage_shared calls without a 5xx', async () => {
    const admin = await signUp(app);
    const classroom = (
      await request(app, {
        method: 'POST',
        url: '/cyberapi/vocaclassroom/',
        token: admin.token,
        payload: { name: 'Race class' },
      })
    ).json() as { classroom_pin: string };
    const list = (
      await request(app, {
        method: 'POST',
        url: '/cyberapi/vocabulletins/',
        token: admin.token,
        payload: { title: 'L' },
      })
    ).json() as { id: number };
    const responses = await parallel(20, () =>
      request(app, {
        method: 'POST',
        url: '/cyberapi/vocaclassroom/manage_shared/',
        token: admin.token,
        payload: { pin: classroom.classroom_pin, checked_items: [list.id] },
      }),
    );
    expect(statuses(responses)).toEqual({ 200: 20 });
    const shared = await request(app, {
      method: 'GET',
      url: `/cyberapi/vocaclassroom/get_lists/?pin=${classroom.classroom_pin}`,
      token: admin.token,
    });
    expect((shared.json() as { bulletin_id: number }[]).map((row) => row.bulletin_id)).toEqual([list.id]);
  });

  it('counts every one of 20 parallel review answers for one word', async () => {
    const { token } = await signUp(app);
    const responses = await parallel(20, () =>
      request(app, {
        method: 'POST',
        url: '/cyberapi/reviews/',
        token,
        payload: { voca_id: SAMPLE.appleId, grade: 'good' },
      }),
    );
    expect(statuses(responses)).toEqual({ 200: 20 });
    const reps = responses.map((response) => (response.json() as { reps: number }).reps).sort((a, b) => a - b);
    expect(reps).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  });
});
