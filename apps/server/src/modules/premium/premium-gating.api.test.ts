import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE, seedSampleContent } from '../../../test/content-fixture.ts';
import { grantPremium, signUp } from '../../../test/factories.ts';
import { createTestApp, request, testDatabase } from '../../../test/test-app.ts';

/**
 * Premium content is the premium lists and the words only they contain. Every path that reads or
 * copies words asks the same entitlements: free learners and visitors get the words of the lists
 * they may read, premium learners every word.
 */

/** Words 19001–19060 are in the free lists 1901–1904; 19061–19090 only in the premium lists 1905–1906. */
const FREE_WORD = SAMPLE.appleId;
const PREMIUM_WORD = 19075;

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await seedSampleContent((await testDatabase()).db);
});
afterAll(() => app.close());

const call = (method: InjectOptions['method'], url: string, token?: string, payload?: object) =>
  request(app, { method, url: `/cyberapi/${url}`, token, ...(payload ? { payload } : {}) });

async function learners() {
  const free = await signUp(app);
  const premium = await signUp(app);
  await grantPremium(premium.user.id);
  return { free: free.token, premium: premium.token };
}

const ids = (response: { json(): unknown }) => (response.json() as { id: number }[]).map((word) => word.id);

describe('premium words', () => {
  it('vocas/?ids= gives visitors and free learners only the words of lists they may read', async () => {
    const { free, premium } = await learners();
    const url = `vocas/?ids=${FREE_WORD}-${PREMIUM_WORD}&translations=all`;
    expect(ids(await call('GET', url))).toEqual([FREE_WORD]);
    expect(ids(await call('GET', url, free))).toEqual([FREE_WORD]);
    expect(ids(await call('GET', url, premium))).toEqual([FREE_WORD, PREMIUM_WORD]);
  });

  it('search finds premium-only words for premium learners alone', async () => {
    const { free, premium } = await learners();
    const url = `vocas/search/?q=sampleword${PREMIUM_WORD}`;
    expect(ids(await call('GET', url))).not.toContain(PREMIUM_WORD);
    expect(ids(await call('GET', url, free))).not.toContain(PREMIUM_WORD);
    expect(ids(await call('GET', url, premium))[0]).toBe(PREMIUM_WORD);
  });

  it('a free learner cannot copy premium words into a list, mark or review them', async () => {
    const { free, premium } = await learners();
    for (const [token, allowed] of [
      [free, false],
      [premium, true],
    ] as const) {
      const list = (await call('POST', 'vocabulletins/', token, { title: 'Copy' })).json() as { id: number };
      const copy = await call('POST', `vocabulletins/${list.id}/words/`, token, {
        voca_ids: [FREE_WORD, PREMIUM_WORD],
      });
      expect(copy.statusCode).toBe(allowed ? 200 : 403);
      const mark = await call('POST', 'vocarecords/', token, { voca_ids: [PREMIUM_WORD] });
      expect(mark.statusCode).toBe(allowed ? 201 : 403);
      const review = await call('POST', 'reviews/', token, { voca_id: PREMIUM_WORD, grade: 'good' });
      expect(review.statusCode).toBe(allowed ? 200 : 403);
    }
    // Free words stay open to the free learner.
    expect((await call('POST', 'vocarecords/', free, { voca_ids: [FREE_WORD] })).statusCode).toBe(201);
  });

  it('a free member may use the words of a list shared into their classroom', async () => {
    const { free, premium } = await learners();
    const list = (await call('POST', 'vocabulletins/', premium, { title: 'Teacher words' })).json() as { id: number };
    await call('POST', `vocabulletins/${list.id}/words/`, premium, { voca_ids: [PREMIUM_WORD] });
    const classroom = (await call('POST', 'vocaclassroom/', premium, { name: 'Class' })).json() as {
      classroom_pin: string;
    };
    await call('POST', 'vocaclassroom/join/', free, { pin: classroom.classroom_pin });
    await call('POST', 'vocaclassroom/manage_shared/', premium, {
      pin: classroom.classroom_pin,
      checked_items: [list.id],
    });
    expect(ids(await call('GET', `vocas/?ids=${PREMIUM_WORD}`, free))).toEqual([PREMIUM_WORD]);
    expect((await call('POST', 'vocarecords/', free, { voca_ids: [PREMIUM_WORD] })).statusCode).toBe(201);
  });
});
