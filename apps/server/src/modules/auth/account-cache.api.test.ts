import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantPremium, signUp } from '../../../test/factories.ts';
import { announcementsOn, createTestApp, request, testDatabase } from '../../../test/test-app.ts';
import { authTokens, users } from '../../db/schema.ts';
import { ACCOUNT_CHANGES_CHANNEL } from './account-cache.ts';

// Two instances on one database, each keeping signed-in accounts in memory (decision 026).
let first: FastifyInstance;
let second: FastifyInstance;
beforeAll(async () => {
  first = await createTestApp({ caches: true });
  second = await createTestApp({ caches: true });
});
afterAll(async () => {
  await first.close();
  await second.close();
});

const profile = (app: FastifyInstance, token: string) =>
  request(app, { method: 'GET', url: '/cyberapi/profile/', token });

/**
 * Signs up and asks for the profile on both instances, so both hold the account. The first request
 * records the learner's activity, a change that is announced and drops the account everywhere: once
 * that has been heard, both instances are asked again.
 */
async function signedInOnBoth() {
  const { announced, stop: stopListening } = await announcementsOn(ACCOUNT_CHANGES_CHANNEL);
  try {
    const session = await signUp(first);
    expect((await profile(first, session.token)).statusCode).toBe(200);
    await expect.poll(() => announced.includes(String(session.user.id)), { timeout: 2000 }).toBe(true);
    // Every listener hears an announcement at about the same moment; this one has.
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const app of [first, second]) expect((await profile(app, session.token)).statusCode).toBe(200);
    return session;
  } finally {
    await stopListening();
  }
}

/** Changes a user's row without announcing it, as if the trigger did not exist. */
async function renameUnannounced(userId: number, firstName: string) {
  const { db } = await testDatabase();
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.update(users).set({ firstName }).where(eq(users.id, userId));
  });
}

describe('the account cache', () => {
  it('answers a known token from memory', async () => {
    const session = await signedInOnBoth();
    await renameUnannounced(session.user.id, 'Unannounced');
    // Proof the cache is used: an unannounced change is not seen (never done outside this test).
    expect((await profile(first, session.token)).json()).toMatchObject({ first_name: '' });
  });

  it('refuses a token at once on the instance that logged it out, and soon on every other', async () => {
    const session = await signedInOnBoth();
    const logout = await request(first, { method: 'POST', url: '/cyberapi/auth/logout/', token: session.token });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await profile(first, session.token)).statusCode).toBe(401);
    await expect.poll(async () => (await profile(second, session.token)).statusCode, { timeout: 2000 }).toBe(401);
  });

  it('sees every change the database announces, whoever made it', async () => {
    const session = await signedInOnBoth();
    const { db } = await testDatabase();
    await db.update(users).set({ firstName: 'Renamed', isStaff: true }).where(eq(users.id, session.user.id));
    for (const app of [first, second]) {
      await expect
        .poll(async () => (await profile(app, session.token)).json(), { timeout: 2000 })
        .toMatchObject({ first_name: 'Renamed', is_staff: true });
    }
    await grantPremium(session.user.id);
    for (const app of [first, second]) {
      await expect
        .poll(async () => (await profile(app, session.token)).json(), { timeout: 2000 })
        .toMatchObject({ is_premium: true });
    }
    await db.delete(authTokens).where(eq(authTokens.userId, session.user.id));
    for (const app of [first, second]) {
      await expect.poll(async () => (await profile(app, session.token)).statusCode, { timeout: 2000 }).toBe(401);
    }
  });
});
