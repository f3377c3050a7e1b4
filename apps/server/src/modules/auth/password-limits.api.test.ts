import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, TEST_PASSWORD } from '../../../test/factories.ts';
import { createTestApp, request, TestClock, testDatabase } from '../../../test/test-app.ts';
import { limits } from '../../lib/rate-limit.ts';
import { users } from '../../db/schema.ts';

/** Every password check (sign-in, account deletion, password change) is limited per IP and per account. */

let app: FastifyInstance;
const clock = new TestClock();
const MINUTE = 60_000;

beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

const deleteAccount = (token: string, password: string, remoteAddress?: string) =>
  request(app, {
    method: 'DELETE',
    url: '/cyberapi/user/',
    token,
    payload: { password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const changePassword = (token: string, current_password: string, remoteAddress?: string) =>
  request(app, {
    method: 'POST',
    url: '/cyberapi/auth/password/change/',
    token,
    payload: { current_password, new_password: 'silver-birch-57' },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const login = (email: string, password: string) =>
  request(app, { method: 'POST', url: '/cyberapi/auth/login/', payload: { email, password } });
const profile = (token: string) => request(app, { method: 'GET', url: '/cyberapi/profile/', token });

describe('account deletion and password change share the sign-in lockout', () => {
  it('locks the account after 10 wrong passwords in any of them, even for the right one, until the window passes', async () => {
    const { token, user } = await signUp(app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1)
      statuses.push((await deleteAccount(token, `wrong-${attempt}`)).statusCode);
    for (let attempt = 0; attempt < 4; attempt += 1)
      statuses.push((await changePassword(token, `wrong-${attempt}`)).statusCode);
    for (let attempt = 0; attempt < 2; attempt += 1)
      statuses.push((await login(user.email, `wrong-${attempt}`)).statusCode);
    expect(statuses).toEqual(Array<number>(10).fill(400));

    for (const right of [
      await deleteAccount(token, TEST_PASSWORD),
      await changePassword(token, TEST_PASSWORD),
      await login(user.email, TEST_PASSWORD),
    ]) {
      expect(right.statusCode).toBe(429);
      expect(right.json()).toMatchObject({ detail: 'Too many requests. Please try again later.', code: 'throttled' });
    }
    expect((await profile(token)).statusCode).toBe(200);

    clock.advance(15 * MINUTE + 1000);
    expect((await changePassword(token, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('lets at most 20 parallel checks on one account reach the hash; the rest get 429 at once', async () => {
    const { token } = await signUp(app);
    const statuses = await Promise.all(
      Array.from({ length: 24 }, (_, index) => deleteAccount(token, `wrong-guess-${index}`, '198.51.100.20')),
    ).then((responses) => responses.map((response) => response.statusCode));
    // All 24 pass the failure check before any failure is recorded (how many do depends on how
    // the database interleaves them); the attempt counter, taken first, stops the burst at 20.
    const checked = statuses.filter((status) => status === 400).length;
    expect(checked).toBeLessThanOrEqual(limits.passwordAttemptsPerAccount.max);
    expect(checked).toBeGreaterThanOrEqual(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(24 - checked);
    expect((await profile(token)).statusCode).toBe(200);
  });

  it('limits password checks from one IP across accounts', async () => {
    const ip = '203.0.113.44';
    const accounts = await Promise.all(Array.from({ length: 6 }, () => signUp(app)));
    const statuses: number[] = [];
    for (let attempt = 0; attempt < limits.passwordCheckPerIp.max + 1; attempt += 1) {
      const account = accounts[attempt % accounts.length]!;
      const response =
        attempt % 2 === 0
          ? await deleteAccount(account.token, `wrong-${attempt}`, ip)
          : await changePassword(account.token, `wrong-${attempt}`, ip);
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another IP is not affected.
    expect((await changePassword(accounts[0]!.token, 'wrong-again', '203.0.113.45')).statusCode).toBe(400);
  });
});

describe('accounts without a password', () => {
  it('cannot change a password they do not have', async () => {
    const { token, user } = await signUp(app);
    // Accounts created by third-party sign-in have no password hash.
    const { db } = await testDatabase();
    await db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    const response = await changePassword(token, TEST_PASSWORD);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      current_password: ['The password is incorrect.'],
      field_codes: { current_password: ['wrong_password'] },
    });
  });
});
