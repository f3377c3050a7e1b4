import { SESSION_IDLE_TIMEOUT_MS, SESSION_MAX_AGE_MS } from '@vocagarden/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, TEST_PASSWORD } from '../../../test/factories.ts';
import { createTestApp, lastMail, request, testDatabase } from '../../../test/test-app.ts';
import { authTokens, userActions } from '../../db/schema.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const DAY = 24 * 60 * 60_000;
const NEW_PASSWORD = 'silver-birch-57';

const profile = (token: string) => request(app, { method: 'GET', url: '/cyberapi/profile/', token });
const login = (email: string, password: string, userAgent = 'Test browser') =>
  request(app, {
    method: 'POST',
    url: '/cyberapi/auth/login/',
    headers: { 'user-agent': userAgent },
    payload: { email, password },
  });
const sessions = (token: string) => request(app, { method: 'GET', url: '/cyberapi/auth/sessions/', token });
const changePassword = (token: string, current_password: string, new_password: string) =>
  request(app, {
    method: 'POST',
    url: '/cyberapi/auth/password/change/',
    token,
    payload: { current_password, new_password },
  });

async function tokenIdOf(token: string): Promise<number> {
  const list = (await sessions(token)).json() as { id: number; current: boolean }[];
  return list.find((session) => session.current)!.id;
}

/** Moves a token's timestamps into the past, as if time had passed. */
async function backdate(tokenId: number, times: { createdAt?: Date; lastUsedAt?: Date | null }) {
  const { db } = await testDatabase();
  await db.update(authTokens).set(times).where(eq(authTokens.id, tokenId));
}

async function actionsOf(userId: number): Promise<string[]> {
  const { db } = await testDatabase();
  const rows = await db.select().from(userActions).where(eq(userActions.userId, userId)).orderBy(userActions.id);
  return rows.map((row) => row.action);
}

describe('token lifetime', () => {
  it('ends a token unused for 30 days, and deletes it', async () => {
    const { token } = await signUp(app);
    const id = await tokenIdOf(token);
    const ago = (ms: number) => new Date(Date.now() - ms);

    await backdate(id, { createdAt: ago(40 * DAY), lastUsedAt: ago(SESSION_IDLE_TIMEOUT_MS - DAY) });
    expect((await profile(token)).statusCode).toBe(200);

    await backdate(id, { createdAt: ago(40 * DAY), lastUsedAt: ago(SESSION_IDLE_TIMEOUT_MS + 60_000) });
    const expired = await profile(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ detail: 'Invalid token.', code: 'invalid_token' });
    const { db } = await testDatabase();
    expect(await db.select().from(authTokens).where(eq(authTokens.id, id))).toEqual([]);
  });

  it('counts a token never marked used as idle since it was issued', async () => {
    const { token } = await signUp(app);
    await backdate(await tokenIdOf(token), {
      createdAt: new Date(Date.now() - SESSION_IDLE_TIMEOUT_MS - 60_000),
      lastUsedAt: null,
    });
    expect((await profile(token)).statusCode).toBe(401);
  });

  it('ends a token 180 days after sign-in, however often it is used', async () => {
    const { token } = await signUp(app);
    const id = await tokenIdOf(token);
    await backdate(id, { createdAt: new Date(Date.now() - SESSION_MAX_AGE_MS + DAY), lastUsedAt: new Date() });
    expect((await profile(token)).statusCode).toBe(200);
    await backdate(id, { createdAt: new Date(Date.now() - SESSION_MAX_AGE_MS - 60_000), lastUsedAt: new Date() });
    expect((await profile(token)).statusCode).toBe(401);
  });

  it('records use per token, so a busy device does not let another expire', async () => {
    const { token: busy, user } = await signUp(app);
    const quiet = (await login(user.email, TEST_PASSWORD)).json().token as string;
    const quietId = await tokenIdOf(quiet);
    const longAgo = new Date(Date.now() - 20 * DAY);
    await backdate(quietId, { lastUsedAt: longAgo });
    await profile(busy);
    expect((await profile(quiet)).statusCode).toBe(200);
    const { db } = await testDatabase();
    const [row] = await db.select().from(authTokens).where(eq(authTokens.id, quietId));
    expect(row!.lastUsedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('auth/sessions/', () => {
  it("lists the user's live devices, this one marked current, and never another user's", async () => {
    const { token, user } = await signUp(app);
    const phone = (await login(user.email, TEST_PASSWORD, 'Phone browser')).json().token as string;
    const stale = (await login(user.email, TEST_PASSWORD, 'Old laptop')).json().token as string;
    await backdate(await tokenIdOf(stale), { lastUsedAt: new Date(Date.now() - SESSION_IDLE_TIMEOUT_MS - 60_000) });
    await signUp(app);

    const response = await sessions(phone);
    expect(response.statusCode).toBe(200);
    const list = response.json() as Record<string, unknown>[];
    expect(list).toHaveLength(2);
    expect(list.map((session) => Object.keys(session).sort())).toEqual(
      list.map(() => ['created_at', 'current', 'id', 'last_used_at', 'user_agent']),
    );
    expect(list.filter((session) => session.current)).toEqual([
      expect.objectContaining({ user_agent: 'Phone browser', current: true }),
    ]);
    expect(list.find((session) => !session.current)?.id).toBe(await tokenIdOf(token));
    for (const session of list) {
      expect(new Date(session.created_at as string).toISOString()).toBe(session.created_at);
      expect(new Date(session.last_used_at as string).toISOString()).toBe(session.last_used_at);
    }
  });

  it('needs a token', async () => {
    expect((await request(app, { method: 'GET', url: '/cyberapi/auth/sessions/' })).statusCode).toBe(401);
  });

  it('signs out one own device; any other id is a 404', async () => {
    const { token, user } = await signUp(app);
    const other = (await login(user.email, TEST_PASSWORD)).json().token as string;
    const otherId = await tokenIdOf(other);
    const stranger = await signUp(app);
    const strangerId = await tokenIdOf(stranger.token);
    const revoke = (id: number | string, as = token) =>
      request(app, { method: 'DELETE', url: `/cyberapi/auth/sessions/${id}/`, token: as });

    expect((await revoke(strangerId)).statusCode).toBe(404);
    expect((await profile(stranger.token)).statusCode).toBe(200);
    expect((await revoke(2_147_483_647)).statusCode).toBe(404);
    expect((await revoke('abc')).statusCode).toBe(400);

    expect((await revoke(otherId)).statusCode).toBe(204);
    expect((await profile(other)).statusCode).toBe(401);
    expect((await profile(token)).statusCode).toBe(200);
    expect((await revoke(otherId)).statusCode).toBe(404);
    expect(await actionsOf(user.id)).toContain('session_revoke');
  });

  it('signs out everywhere, this device included', async () => {
    const { token, user } = await signUp(app);
    const other = (await login(user.email, TEST_PASSWORD)).json().token as string;
    const stranger = await signUp(app);
    const response = await request(app, { method: 'POST', url: '/cyberapi/auth/sessions/revoke-all/', token });
    expect(response.statusCode).toBe(204);
    expect((await profile(token)).statusCode).toBe(401);
    expect((await profile(other)).statusCode).toBe(401);
    expect((await profile(stranger.token)).statusCode).toBe(200);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect(await actionsOf(user.id)).toContain('logout_everywhere');
  });
});

describe('auth/password/change/', () => {
  it('changes the password, keeps this device and signs out every other one', async () => {
    const { token, user } = await signUp(app);
    const other = (await login(user.email, TEST_PASSWORD)).json().token as string;

    const response = await changePassword(token, TEST_PASSWORD, NEW_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: 'New password has been saved.' });
    expect((await profile(token)).statusCode).toBe(200);
    expect((await profile(other)).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(400);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await actionsOf(user.id)).toEqual(['signup', 'login', 'password_change', 'login']);
  });

  it('refuses a wrong current password and a weak new one, each under its field', async () => {
    const { token, user } = await signUp(app);
    const wrong = await changePassword(token, 'not-my-password', NEW_PASSWORD);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      current_password: ['The password is incorrect.'],
      field_codes: { current_password: ['wrong_password'] },
    });

    const localPart = user.email.split('@')[0]!;
    for (const weak of ['aaaaaa', 'abcdef', 'VocaGarden', localPart]) {
      const refused = await changePassword(token, TEST_PASSWORD, weak);
      expect(refused.statusCode, weak).toBe(400);
      expect(refused.json(), weak).toEqual({
        new_password: ['This password is too common.'],
        field_codes: { new_password: ['password_too_common'] },
      });
    }
    const both = await changePassword(token, 'not-my-password', 'abc');
    expect(both.json()).toEqual({
      current_password: ['The password is incorrect.'],
      new_password: [
        'This password is too short. It must contain at least 6 characters.',
        'This password is too common.',
      ],
      field_codes: {
        current_password: ['wrong_password'],
        new_password: ['password_too_short', 'password_too_common'],
      },
    });
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('spends the live password reset links', async () => {
    const { token, user } = await signUp(app);
    await request(app, { method: 'POST', url: '/cyberapi/auth/password-reset/', payload: { email: user.email } });
    const resetToken = decodeURIComponent((await lastMail(app, user.email)).text.match(/token=([\w%-]+)/)![1]!);
    expect((await changePassword(token, TEST_PASSWORD, NEW_PASSWORD)).statusCode).toBe(200);
    const reset = await request(app, {
      method: 'POST',
      url: '/cyberapi/auth/password-reset/confirm/',
      payload: { token: resetToken, password: 'another-meadow-20' },
    });
    expect(reset.json()).toMatchObject({ code: 'invalid_reset_token' });
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('needs a token and both fields', async () => {
    const anonymous = await request(app, {
      method: 'POST',
      url: '/cyberapi/auth/password/change/',
      payload: { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD },
    });
    expect(anonymous.statusCode).toBe(401);
    const { token } = await signUp(app);
    const missing = await request(app, {
      method: 'POST',
      url: '/cyberapi/auth/password/change/',
      token,
      payload: { new_password: NEW_PASSWORD },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toHaveProperty('current_password');
  });
});
