import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSampleContent, writeContentFile } from '../../../test/content-fixture.ts';
import { signUp } from '../../../test/factories.ts';
import { createTestApp, request, testDatabase } from '../../../test/test-app.ts';
import { importContentFiles } from './content-import.ts';

// The catalogue's word ids in memory (decision 031), kept in step by the database's announcements.
let app: FastifyInstance;
beforeAll(async () => {
  // Seeded before the app listens: the seed's announcement, heard late, would empty the catalogue
  // in memory while the test waits for the import's, and the test would read the database directly.
  await seedSampleContent((await testDatabase()).db);
  app = await createTestApp({ caches: true });
});
afterAll(() => app.close());

const LIST_ID = 19_991;
/** A list needs at least 15 words. */
const words = Array.from({ length: 15 }, (_, index) => 199_001 + index);
const localized = (text: string) => ({ en: text, es: text, tr: text, az: text });

/** A free official list of new words, imported while the server runs. */
const newContent = () =>
  writeContentFile('catalogue.jsonl', [
    JSON.stringify({
      kind: 'category',
      id: 1991,
      level: 'A2',
      order: 91,
      illustration: 'leaf',
      title: localized('Catalogue test'),
      description: localized('Words imported while the server runs.'),
    }),
    JSON.stringify({ kind: 'list', id: LIST_ID, category: 1991, order: 1, title: localized('New'), words }),
    ...words.map((id) =>
      JSON.stringify({
        kind: 'word',
        id,
        word: `catalogueword${id}`,
        pos: 'noun',
        level: 'A2',
        definition: `definition ${id}`,
        example: `Example ${id}.`,
        tr: [`t${id}`],
        es: [`e${id}`],
        az: [`a${id}`],
      }),
    ),
  ]);

const mark = async (token: string, vocaId: number) =>
  (await request(app, { method: 'POST', url: '/cyberapi/vocarecords/', token, payload: { voca_id: vocaId } }))
    .statusCode;

describe('the catalogue’s word ids in memory', () => {
  it('follows imports and changes to official lists, announced by the database', async () => {
    const { db } = await testDatabase();
    const { token } = await signUp(app);
    expect(await mark(token, words[0]!)).toBe(400);

    const report = await importContentFiles(db, [newContent()]);
    expect(report.problems).toEqual([]);
    await expect.poll(() => mark(token, words[0]!), { timeout: 2000 }).toBe(201);

    // Proof the answer comes from memory: a change made without its announcement is not seen
    // (never done outside this test).
    await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`UPDATE bulletins SET is_premium = true WHERE id = ${LIST_ID}`);
    });
    expect(await mark(token, words[1]!)).toBe(201);

    // Announced, the list is premium for free learners on the next marks.
    await db.execute(sql`UPDATE bulletins SET is_premium = true WHERE id = ${LIST_ID}`);
    await expect.poll(() => mark(token, words[2]!), { timeout: 2000 }).toBe(403);
  });
});
