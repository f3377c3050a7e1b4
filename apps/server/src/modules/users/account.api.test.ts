import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, TEST_PASSWORD } from '../../../test/factories.ts';
import { createTestApp, request, testDatabase, lastMail } from '../../../test/test-app.ts';
import { userActions } from '../../db/schema.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('user/email-preferences/', () => {
  it('starts with news and reminders on, offers off until asked for, and changes only what is sent', async () => {
    const { token } = await signUp(app);
    const initial = await request(app, { method: 'GET', url: '/cyberapi/user/email-preferences/', token });
    expect(initial.json()).toEqual({ product_news: true, campaign_emails: false, study_reminders: true });
    const patched = await request(app, {
      method: 'PATCH',
      url: '/cyberapi/user/email-preferences/',
      token,
      payload: { campaign_emails: true, study_reminders: false },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toEqual({ product_news: true, campaign_emails: true, study_reminders: false });
  });

  it('rejects non-boolean values and anonymous callers', async () => {
    const { token } = await signUp(app);
    const bad = await request(app, {
      method: 'PATCH',
      url: '/cyberapi/user/email-preferences/',
      token,
      payload: { product_news: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await request(app, { method: 'GET', url: '/cyberapi/user/email-preferences/' })).statusCode).toBe(401);
  });
});

describe('user actions log', () => {
  it('records sign-up, sign-in, profile changes, password resets, code sign-in and logout', async () => {
    const { token, user } = await signUp(app);
    await request(app, { method: 'PATCH', url: '/cyberapi/user/', token, payload: { first_name: 'Nur' } });
    await request(app, {
      method: 'POST',
      url: '/cyberapi/auth/login/',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    await request(app, { method: 'POST', url: '/cyberapi/auth/password-reset/', payload: { email: user.email } });
    const resetToken = decodeURIComponent((await lastMail(app, user.email)).text.match(/token=([\w%-]+)/)![1]!);
    await request(app, {
      method: 'POST',
      url: '/cyberapi/auth/password-reset/confirm/',
      payload: { token: resetToken, password: 'fresh-meadow-19' },
    });
    await request(app, { method: 'POST', url: '/cyberapi/auth/code/', payload: { email: user.email } });
    const code = (await lastMail(app, user.email)).text.match(/\b(\d{6})\b/)![1]!;
    const session = await request(app, {
      method: 'POST',
      url: '/cyberapi/auth/code/verify/',
      payload: { email: user.email, code },
    });
    await request(app, { method: 'POST', url: '/cyberapi/auth/logout/', token: session.json().token });

    const { db } = await testDatabase();
    const actions = await db.select().from(userActions).where(eq(userActions.userId, user.id)).orderBy(userActions.id);
    expect(actions.map((row) => row.action)).toEqual([
      'signup',
      'profile_change',
      'login',
      'password_reset_request',
      'password_reset',
      'code_login',
      'logout',
    ]);
    expect(actions[1]!.details).toBe('first_name');
    expect(actions.every((row) => row.createdAt instanceof Date)).toBe(true);
  });

  it('records password changes, signing one device out and signing out everywhere', async () => {
    const { token, user } = await signUp(app);
    const login = () =>
      request(app, {
        method: 'POST',
        url: '/cyberapi/auth/login/',
        payload: { email: user.email, password: 'silver-birch-57' },
      });
    await request(app, {
      method: 'POST',
      url: '/cyberapi/auth/password/change/',
      token,
      payload: { current_password: TEST_PASSWORD, new_password: 'silver-birch-57' },
    });
    const other = (await login()).json().token as string;
    const otherId = (
      (await request(app, { method: 'GET', url: '/cyberapi/auth/sessions/', token: other })).json() as {
        id: number;
        current: boolean;
      }[]
    ).find((session) => session.current)!.id;
    await request(app, { method: 'DELETE', url: `/cyberapi/auth/sessions/${otherId}/`, token });
    await request(app, { method: 'POST', url: '/cyberapi/auth/sessions/revoke-all/', token });

    const { db } = await testDatabase();
    const actions = await db.select().from(userActions).where(eq(userActions.userId, user.id)).orderBy(userActions.id);
    expect(actions.map((row) => [row.action, row.details])).toEqual([
      ['signup', ''],
      ['password_change', ''],
      ['login', ''],
      ['session_revoke', String(otherId)],
      ['logout_everywhere', ''],
    ]);
  });
});
