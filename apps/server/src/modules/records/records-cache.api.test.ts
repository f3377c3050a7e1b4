import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE, seedSampleContent } from '../../../test/content-fixture.ts';
import { signUp } from '../../../test/factories.ts';
import { announcementsOn, createTestApp, request, testDatabase } from '../../../test/test-app.ts';
import { RECORD_CHANGES_CHANNEL } from './records-cache.ts';

// Two instances on one database, each keeping learners' records in memory (decision 030).
let first: FastifyInstance;
let second: FastifyInstance;
beforeAll(async () => {
  first = await createTestApp({ caches: true });
  second = await createTestApp({ caches: true });
  await seedSampleContent((await testDatabase()).db);
});
afterAll(async () => {
  await first.close();
  await second.close();
});

const words = Array.from({ length: 40 }, (_, index) => SAMPLE.appleId + index);
const known = async (app: FastifyInstance, token: string) =>
  ((await request(app, { method: 'GET', url: '/cyberapi/vocarecords/', token })).json() as { voca_id: number }[]).map(
    (row) => row.voca_id,
  );
const mark = (app: FastifyInstance, token: string, set: string, vocaIds: number[]) =>
  request(app, { method: 'POST', url: `/cyberapi/${set}/`, token, payload: { voca_ids: vocaIds } });

/** An int[] parameter (Drizzle would spread an array into a list of parameters). */
const intArray = (values: number[]) => `{${values.join(',')}}`;

/** What is announced on the records channel while `act` runs, and a moment after. */
async function announcedDuring(act: () => Promise<unknown>): Promise<string[]> {
  const { announced, stop } = await announcementsOn(RECORD_CHANGES_CHANNEL);
  try {
    await act();
    await new Promise((resolve) => setTimeout(resolve, 300));
    return announced;
  } finally {
    await stop();
  }
}

/** A learner with two known words, held in memory by both instances. */
async function knownOnBoth() {
  const session = await signUp(first);
  const announced = await announcedDuring(() => mark(first, session.token, 'vocarecords', words.slice(0, 2)));
  expect(announced).toContain(String(session.user.id));
  for (const app of [first, second]) expect(await known(app, session.token)).toEqual(words.slice(0, 2));
  return session;
}

/** Adds a known word without announcing it, as if the trigger did not exist. */
async function addUnannounced(userId: number, vocaId: number) {
  const { db } = await testDatabase();
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(sql`INSERT INTO voca_records (user_id, voca_id) VALUES (${userId}, ${vocaId})`);
  });
}

describe('the records cache', () => {
  it('answers a learner’s records from memory', async () => {
    const session = await knownOnBoth();
    await addUnannounced(session.user.id, words[2]!);
    // Proof the cache is used: an unannounced change is not seen (never done outside this test).
    for (const app of [first, second]) expect(await known(app, session.token)).toEqual(words.slice(0, 2));
  });

  it('shows a learner’s change at once on the instance that made it, and soon on every other', async () => {
    const session = await knownOnBoth();
    await mark(first, session.token, 'vocarecords', [words[3]!]);
    expect(await known(first, session.token)).toEqual([words[0], words[1], words[3]]);
    await expect.poll(() => known(second, session.token), { timeout: 2000 }).toEqual([words[0], words[1], words[3]]);

    // Marked challenging on the second instance, the word leaves the known list of both.
    await mark(second, session.token, 'vocahardrecords', [words[0]!]);
    expect(await known(second, session.token)).toEqual([words[1], words[3]]);
    await expect.poll(() => known(first, session.token), { timeout: 2000 }).toEqual([words[1], words[3]]);

    const unmarked = await request(first, {
      method: 'DELETE',
      url: `/cyberapi/vocarecords/${words[1]}/`,
      token: session.token,
    });
    expect(unmarked.statusCode).toBeLessThan(300);
    expect(await known(first, session.token)).toEqual([words[3]]);
    await expect.poll(() => known(second, session.token), { timeout: 2000 }).toEqual([words[3]]);
  });

  it('sees a change made outside the API, and announces a statement once per learner', async () => {
    const session = await knownOnBoth();
    const other = await signUp(first);
    const { db } = await testDatabase();
    const announced = await announcedDuring(() =>
      db.execute(
        sql`INSERT INTO voca_records (user_id, voca_id)
            SELECT learner, word FROM unnest(${intArray([session.user.id, other.user.id])}::int[]) AS learner,
                                      unnest(${intArray(words.slice(10, 30))}::int[]) AS word`,
      ),
    );
    expect(announced.sort()).toEqual([String(session.user.id), String(other.user.id)].sort());
    for (const app of [first, second]) {
      await expect
        .poll(() => known(app, session.token), { timeout: 2000 })
        .toEqual([...words.slice(0, 2), ...words.slice(10, 30)]);
    }
  });
});
