import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE, sampleContentLines, seedSampleContent, writeContentFile } from '../../../test/content-fixture.ts';
import { signUp } from '../../../test/factories.ts';
import { createTestApp, request, testDatabase } from '../../../test/test-app.ts';
import { bulletins, premiumSubscriptions, vocas } from '../../db/schema.ts';
import { importContentFiles } from './content-import.ts';

let app: FastifyInstance;
const loc = (text: string) => ({ en: text, es: text, tr: text, az: text });
const DAY = 86_400_000;

beforeAll(async () => {
  app = await createTestApp();
  await seedSampleContent((await testDatabase()).db);
});
afterAll(() => app.close());

const get = (url: string, token?: string) => request(app, { method: 'GET', url: `/cyberapi/${url}`, token });

async function grantPremium(userId: number, from: number, to: number) {
  const { db } = await testDatabase();
  await db.insert(premiumSubscriptions).values({
    userId,
    plan: 'Month 1',
    startDate: new Date(Date.now() + from),
    endDate: new Date(Date.now() + to),
    paymentAmount: 9900,
  });
}

describe('content import', () => {
  it('reports all bad rows with line numbers and imports nothing', async () => {
    const { db } = await testDatabase();
    const [before] = await db.select({ n: count() }).from(vocas);
    const lines = sampleContentLines().map((line) =>
      line.includes('"id":1906,') ? line.replace('19090]', '19999]') : line,
    );
    lines.push(
      JSON.stringify({
        kind: 'word',
        id: 19500,
        word: 'pear',
        pos: 'noun',
        level: 'Z9',
        definition: 'd',
        example: 'e',
        tr: ['armut'],
        es: ['pera'],
        az: ['armud'],
      }),
    );
    lines.push(
      JSON.stringify({
        kind: 'word',
        id: 19501,
        word: 'plum',
        pos: 'noun',
        level: 'A1',
        definition: 'd',
        example: 'e',
        tr: [],
        es: ['ciruela'],
        az: ['gavalı'],
      }),
    );
    const report = await importContentFiles(db, [writeContentFile('bad.jsonl', lines)]);
    expect(report.problems.map((problem) => [problem.line, problem.reason])).toEqual([
      [expect.any(Number), 'list 1906 has unknown word ids 19999'],
      [lines.length - 1, 'level: unknown level "Z9"'],
      [lines.length, 'tr: missing translation'],
    ]);
    const [after] = await db.select({ n: count() }).from(vocas);
    expect(after).toEqual(before);
    expect(await db.select().from(vocas).where(eq(vocas.id, 19091))).toEqual([]);
  });

  it('is idempotent: importing the same file again changes nothing', async () => {
    const { db } = await testDatabase();
    const report = await importContentFiles(db, [writeContentFile('again.jsonl', sampleContentLines())]);
    expect(report).toMatchObject({ problems: [], inserted: 0, updated: 0 });
    expect(report.unchanged).toBe(1 + 6 + 90);
  });

  it('updates changed rows in place', async () => {
    const { db } = await testDatabase();
    const lines = sampleContentLines().map((line) => line.replace('a round fruit', 'a round, crisp fruit'));
    expect(await importContentFiles(db, [writeContentFile('changed.jsonl', lines)])).toMatchObject({
      inserted: 0,
      updated: 1,
    });
    await importContentFiles(db, [writeContentFile('restore.jsonl', sampleContentLines())]);
  });
  it('derives, per language, the other headwords that share a word’s translation', async () => {
    const { db } = await testDatabase();
    const words = Array.from({ length: 15 }, (_, index) => 19401 + index);
    const tr: Record<number, string[]> = { 19401: ['ortak'], 19402: ['paylaşılan', 'ortak'], 19403: ['Ortak'] };
    const lines = [
      {
        kind: 'category',
        id: 194,
        level: 'A1',
        order: 94,
        illustration: 'leaf',
        title: loc('Shared'),
        description: loc('Shared.'),
      },
      { kind: 'list', id: 1941, category: 194, order: 1, title: loc('Shared 1'), words },
      ...words.map((id) => ({
        kind: 'word',
        id,
        word: `sharedword${id}`,
        pos: 'noun',
        level: 'A1',
        definition: `shared definition ${id}`,
        example: `Shared example ${id}.`,
        tr: tr[id] ?? [`tek${id}`],
        es: [`único${id}`],
        az: [`tək${id}`],
      })),
    ].map((line) => JSON.stringify(line));
    expect((await importContentFiles(db, [writeContentFile('shared.jsonl', lines)])).problems).toEqual([]);
    const again = await importContentFiles(db, [writeContentFile('shared-again.jsonl', lines)]);
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 + 1 + 15 });

    const shared = async (language: string) => {
      const { token, user } = await signUp(app, { native_language_code: language });
      await grantPremium(user.id, -DAY, DAY); // the list is past the level's free ones
      const list = (await get('vocabulletins/1941/', token)).json() as {
        words: { id: number; same_translation: string[] }[];
      };
      return Object.fromEntries(list.words.slice(0, 4).map((word) => [word.id, word.same_translation]));
    };
    expect(await shared('tr')).toEqual({
      19401: ['sharedword19402', 'sharedword19403'],
      19402: [],
      19403: ['sharedword19401', 'sharedword19402'],
      19404: [],
    });
    expect(await shared('es')).toEqual({ 19401: [], 19402: [], 19403: [], 19404: [] });
    expect(await shared('en')).toEqual({ 19401: [], 19402: [], 19403: [], 19404: [] });
  });
});

describe('vocalevels/ and vocacategories/', () => {
  it('counts categories, lists and words per level', async () => {
    const response = await get('vocalevels/');
    expect(response.statusCode).toBe(200);
    const a1 = (response.json() as { level: string; categories: number; lists: number; words: number }[]).find(
      (row) => row.level === 'A1',
    );
    expect(a1!.categories).toBeGreaterThanOrEqual(1);
    expect(a1!.lists).toBeGreaterThanOrEqual(6);
    expect(a1!.words).toBeGreaterThanOrEqual(90);
  });

  it('lists a level’s categories with their lists; the first 4 are free', async () => {
    const { token } = await signUp(app, { native_language_code: 'tr' });
    const response = await get('vocacategories/?level=A1', token);
    const category = (
      response.json() as {
        id: number;
        title: string;
        lists: { is_premium: boolean; lexicon: string; quantity: number }[];
      }[]
    ).find((row) => row.id === SAMPLE.categoryId)!;
    expect(category.title).toBe('Sample garden (tr)');
    expect(category.lists.map((list) => list.is_premium)).toEqual([false, false, false, false, true, true]);
    expect(category.lists[0]).toMatchObject({
      quantity: 15,
      lexicon: Array.from({ length: 15 }, (_, i) => 19001 + i).join('-'),
    });
  });

  it('answers one category, 404 for a missing one and 400 for a bad level', async () => {
    expect((await get(`vocacategories/${SAMPLE.categoryId}/`)).json()).toMatchObject({
      id: SAMPLE.categoryId,
      graphic_uri: '/illustrations/apple-tree.svg',
    });
    expect((await get('vocacategories/999999/')).statusCode).toBe(404);
    expect((await get('vocacategories/abc/')).statusCode).toBe(400);
    expect((await get('vocacategories/?level=D4')).statusCode).toBe(400);
  });
});

describe('vocabulletins/{id}/', () => {
  it('returns a free list with words translated into the reader’s language', async () => {
    const { token } = await signUp(app, { native_language_code: 'az' });
    const response = await get(`vocabulletins/${SAMPLE.freeListId}/`, token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: SAMPLE.freeListId,
      quantity: 15,
      is_premium: false,
      level: 'A1',
      is_owner: false,
    });
    expect(body.words[0]).toEqual({
      id: SAMPLE.appleId,
      the_word: 'apple',
      pos: 'noun',
      level: 'A1',
      ipa: null,
      definition: 'a round fruit',
      example: 'She eats an apple every day.',
      translation: 'alma',
      same_translation: [],
      alternatives: [],
    });
    expect(body.words[1]).toMatchObject({ translation: 'söz19002', alternatives: ['sözcük19002'] });
  });

  it('adds every language when asked', async () => {
    const { token } = await signUp(app);
    const words = (await get(`vocabulletins/${SAMPLE.freeListId}/?translations=all`, token)).json().words;
    expect(words[0].translations).toEqual({ tr: ['elma'], es: ['manzana'], az: ['alma'] });
  });

  it('keeps premium lists for premium users', async () => {
    expect((await get(`vocabulletins/${SAMPLE.premiumListId}/`)).statusCode).toBe(401);
    const free = await signUp(app);
    const refused = await get(`vocabulletins/${SAMPLE.premiumListId}/`, free.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      detail: 'This feature is only available for premium users.',
      code: 'premium_required',
    });

    await grantPremium(free.user.id, -40 * DAY, -10 * DAY);
    expect((await get(`vocabulletins/${SAMPLE.premiumListId}/`, free.token)).statusCode).toBe(403);
    await grantPremium(free.user.id, -DAY, 30 * DAY);
    expect((await get(`vocabulletins/${SAMPLE.premiumListId}/`, free.token)).statusCode).toBe(200);
  });

  it('hides another user’s personal list', async () => {
    const owner = await signUp(app);
    const stranger = await signUp(app);
    const { db } = await testDatabase();
    const [list] = await db
      .insert(bulletins)
      .values({
        ownerId: owner.user.id,
        title: 'Mine',
        graphicUri: '/illustrations/leaf.svg',
        wordIds: [SAMPLE.appleId],
      })
      .returning();
    expect((await get(`vocabulletins/${list!.id}/`, stranger.token)).statusCode).toBe(404);
    expect((await get(`vocabulletins/${list!.id}/`)).statusCode).toBe(404);
    const own = await get(`vocabulletins/${list!.id}/`, owner.token);
    expect(own.json()).toMatchObject({ is_owner: true, lexicon: String(SAMPLE.appleId), is_premium: false });
  });

  it('answers 404 for a missing list', async () => {
    expect((await get('vocabulletins/987654/')).statusCode).toBe(404);
  });
});

describe('vocapremiumsubscription/', () => {
  it('lists the caller’s plans as Active or Expired', async () => {
    const { token, user } = await signUp(app);
    await grantPremium(user.id, -40 * DAY, -10 * DAY);
    await grantPremium(user.id, -DAY, 30 * DAY);
    const response = await get('vocapremiumsubscription/', token);
    expect(response.json().map((row: { status: string }) => row.status)).toEqual(['Active', 'Expired']);
    expect((await get('vocapremiumsubscription/')).statusCode).toBe(401);
  });
});

describe('vocas/', () => {
  it('returns words by id in the order asked', async () => {
    const { token } = await signUp(app, { native_language_code: 'es' });
    const response = await get(`vocas/?ids=19003-${SAMPLE.appleId}-999999`, token);
    expect(response.json().map((word: { id: number; translation: string }) => [word.id, word.translation])).toEqual([
      [19003, 'palabra19003'],
      [SAMPLE.appleId, 'manzana'],
    ]);
  });

  it('rejects malformed ids', async () => {
    expect((await get('vocas/?ids=1,2')).statusCode).toBe(400);
    expect((await get('vocas/')).statusCode).toBe(400);
  });

  it('searches headwords by prefix, translations, and tolerates a typo', async () => {
    const words = async (q: string) =>
      ((await get(`vocas/search/?q=${encodeURIComponent(q)}`)).json() as { the_word: string }[]).map(
        (word) => word.the_word,
      );
    expect((await words('app'))[0]).toBe('apple');
    expect(await words('manzana')).toContain('apple');
    expect(await words('elma')).toContain('apple');
    expect(await words('appel')).toContain('apple');
    expect((await get('vocas/search/?q=%25_%5C')).statusCode).toBe(200);
    expect((await get('vocas/search/?q=')).statusCode).toBe(400);
  });
});

describe('vocas/sample/', () => {
  const premiumOnly = (id: number) => id > 19060 && id <= 19090;
  type Sampled = { id: number; level: string; translation: string | null };

  it('draws random words of one level among those the caller may read', async () => {
    const { token } = await signUp(app, { native_language_code: 'es' });
    const response = await get('vocas/sample/?level=A1&limit=50', token);
    expect(response.statusCode).toBe(200);
    const words = response.json() as Sampled[];
    expect(words).toHaveLength(50);
    expect(new Set(words.map((word) => word.id)).size).toBe(50);
    expect(words.every((word) => word.level === 'A1')).toBe(true);
    // Of the sample set's 90 A1 words, the 30 of its premium lists are premium content.
    expect(words.filter((word) => premiumOnly(word.id))).toEqual([]);
    // In the reader's language, like every word the API serves.
    for (const word of words.filter((candidate) => candidate.id > SAMPLE.appleId && candidate.id <= 19060)) {
      expect(word.translation).toBe(`palabra${word.id}`);
    }
    expect(((await get('vocas/sample/?level=A1', token)).json() as Sampled[]).length).toBe(12);
  });

  it('draws from every word of the level for premium learners', async () => {
    const { token, user } = await signUp(app);
    await grantPremium(user.id, -60_000, 30 * DAY);
    const words = (await get('vocas/sample/?level=A1&limit=50', token)).json() as Sampled[];
    // 50 of at least 90 words without one of the 30 premium ones: about one chance in 10^13.
    expect(words.some((word) => premiumOnly(word.id))).toBe(true);
  });

  it('is for signed-in learners, with a known level and at most 50 words', async () => {
    const { token } = await signUp(app);
    expect((await get('vocas/sample/?level=A1')).statusCode).toBe(401);
    expect((await get('vocas/sample/?level=Z9', token)).statusCode).toBe(400);
    expect((await get('vocas/sample/', token)).statusCode).toBe(400);
    expect((await get('vocas/sample/?level=A1&limit=51', token)).statusCode).toBe(400);
  });
});
