import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE, seedSampleContent } from '../../../test/content-fixture.ts';
import { signUp } from '../../../test/factories.ts';
import { createTestApp, request, testDatabase } from '../../../test/test-app.ts';
import { productEvents, vocaRecords } from '../../db/schema.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await seedSampleContent((await testDatabase()).db);
});
afterAll(() => app.close());

const words = Array.from({ length: 90 }, (_, index) => SAMPLE.appleId + index);
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
  request(app, { method, url: `/cyberapi/${url}`, token, ...(payload ? { payload } : {}) });
const ids = async (url: string, token: string) =>
  ((await call('GET', url, token)).json() as { voca_id: number }[]).map((row) => row.voca_id);

describe.each([
  ['vocarecords/', 'vocahardrecords/'],
  ['vocahardrecords/', 'vocarecords/'],
])('%s', (set, other) => {
  it('marks one word or many, answering the records', async () => {
    const { token } = await signUp(app);
    const one = await call('POST', set, token, { voca_id: words[0] });
    expect(one.statusCode).toBe(201);
    expect(one.json()).toEqual([{ id: expect.any(Number), voca_id: words[0], created_at: expect.any(String) }]);
    expect((await call('POST', set, token, { voca_ids: words.slice(1, 10) })).statusCode).toBe(201);
    expect(await ids(set, token)).toEqual(words.slice(0, 10));
  });

  it('is idempotent and removes the word from the other set', async () => {
    const { token } = await signUp(app);
    await call('POST', other, token, { voca_ids: words.slice(0, 3) });
    await call('POST', set, token, { voca_id: words[0] });
    await call('POST', set, token, { voca_id: words[0] });
    expect(await ids(set, token)).toEqual([words[0]]);
    expect(await ids(other, token)).toEqual(words.slice(1, 3));
  });

  it('deletes a word from the set', async () => {
    const { token } = await signUp(app);
    await call('POST', set, token, { voca_ids: words.slice(0, 2) });
    expect((await call('DELETE', `${set}${words[0]}/`, token)).statusCode).toBe(204);
    expect((await call('DELETE', `${set}${words[0]}/`, token)).statusCode).toBe(204);
    expect(await ids(set, token)).toEqual([words[1]]);
  });

  it('names unknown ids and applies nothing', async () => {
    const { token } = await signUp(app);
    const response = await call('POST', set, token, { voca_ids: [words[0], 888_888_8, 999_999_9] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Unknown word ids: 8888888, 9999999.', code: 'unknown_vocas' });
    expect(await ids(set, token)).toEqual([]);
  });

  it('marks of several learners at the same moment go together, and each learner gets their own', async () => {
    const learners = await Promise.all(Array.from({ length: 4 }, () => signUp(app)));
    await call('POST', other, learners[0]!.token, { voca_id: words[0] });
    const answers = await Promise.all(
      learners.map(({ token }, index) => call('POST', set, token, { voca_ids: words.slice(index, index + 3) })),
    );
    answers.forEach((answer, index) => {
      expect(answer.statusCode).toBe(201);
      expect((answer.json() as { voca_id: number }[]).map((row) => row.voca_id)).toEqual(words.slice(index, index + 3));
    });
    for (const [index, { token }] of learners.entries())
      expect(await ids(set, token)).toEqual(words.slice(index, index + 3));
    expect(await ids(other, learners[0]!.token)).toEqual([]);
  });

  it('rejects bad bodies and anonymous callers', async () => {
    const { token } = await signUp(app);
    for (const body of [
      {},
      { voca_id: 'x' },
      { voca_ids: [] },
      { voca_ids: Array(5001).fill(words[0]) },
      { voca_id: 1, voca_ids: [2] },
    ]) {
      expect((await call('POST', set, token, body)).statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect((await call('GET', set)).statusCode).toBe(401);
    expect((await call('POST', set, undefined, { voca_id: words[0] })).statusCode).toBe(401);
    expect((await call('DELETE', `${set}abc/`, token)).statusCode).toBe(400);
  });
});

describe('concurrency', () => {
  it('stores exactly one row for 50 identical concurrent marks', async () => {
    const { token, user } = await signUp(app);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => call('POST', 'vocarecords/', token, { voca_id: words[5] })),
    );
    expect(responses.every((response) => response.statusCode === 201)).toBe(true);
    const { db } = await testDatabase();
    const rows = await db
      .select()
      .from(vocaRecords)
      .where(and(eq(vocaRecords.userId, user.id), eq(vocaRecords.vocaId, words[5]!)));
    expect(rows).toHaveLength(1);
  });

  it('keeps a word in at most one set when known and challenging race', async () => {
    const { token } = await signUp(app);
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call('POST', index % 2 ? 'vocarecords/' : 'vocahardrecords/', token, { voca_id: words[7] }),
      ),
    );
    const known = await ids('vocarecords/', token);
    const hard = await ids('vocahardrecords/', token);
    expect(known.length + hard.length).toBeLessThanOrEqual(1);
  });
});

describe('event-call/{event}/', () => {
  it('accepts known events at once and stores them', async () => {
    const { token, user } = await signUp(app);
    const response = await call('POST', 'event-call/paywall_click/', token, { list_id: SAMPLE.premiumListId });
    expect(response.statusCode).toBe(202);
    const { db } = await testDatabase();
    await expect
      .poll(async () => db.select().from(productEvents).where(eq(productEvents.userId, user.id)))
      .toMatchObject([{ event: 'paywall_click', payload: { list_id: SAMPLE.premiumListId } }]);
  });

  it('rejects unknown events and oversized payloads', async () => {
    expect((await call('POST', 'event-call/steal_data/', undefined, {})).statusCode).toBe(400);
    const big = await call('POST', 'event-call/display_card/', undefined, { blob: 'x'.repeat(5000) });
    expect(big.statusCode).toBe(400);
  });
});
