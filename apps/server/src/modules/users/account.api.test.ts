import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, TEST_PASSWORD, uniqueEmail } from '../../../test/factories.ts';
import type { SmtpSink } from '../../../test/smtp-sink.ts';
import { createTestApp, request, testDatabase, testMail } from '../../../test/test-app.ts';
import { userActions, users } from '../../db/schema.ts';

let app: FastifyInstance;
let mail: SmtpSink;
beforeAll(async () => {
  app = await createTestApp();
  mail = await testMail();
});
afterAll(() => app.close());

describe('user/email-preferences/', () => {
  it('starts with every email on and changes only what is sent', async () => {
    const { token } = await signUp(app);
    const initial = await request(app, { method: 'GET', url: '/cyberapi/user/email-preferences/', token });
    expect(initial.json()).toEqual({ product_news: true, campaign_emails: true, study_reminders: true });
    const patched = await request(app, {
      method: 'PATCH',
      url: '/cyberapi/user/email-preferences/',
      token,
      payload: { campaign_emails: false },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toEqual({ product_news: true, campaign_emails: false, study_reminders: true });
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

describe('DELETE user/', () => {
  it('needs the right password', async () => {
    const { token } = await signUp(app);
    const missing = await request(app, { method: 'DELETE', url: '/cyberapi/user/', token, payload: {} });
    expect(missing.statusCode).toBe(400);
    const wrong = await request(app, {
      method: 'DELETE',
      url: '/cyberapi/user/',
      token,
      payload: { password: 'nope-nope-1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'wrong_password' });
  });

  it('deletes the account, its tokens and its personal data', async () => {
    const { token, user } = await signUp(app);
    const response = await request(app, {
      method: 'DELETE',
      url: '/cyberapi/user/',
      token,
      payload: { password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(204);
    expect((await request(app, { method: 'GET', url: '/cyberapi/profile/', token })).statusCode).toBe(401);
    const { db } = await testDatabase();
    expect(await db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await db.select().from(userActions).where(eq(userActions.userId, user.id))).toEqual([]);
    const login = await request(app, {
      method: 'POST',
      url: '/cyberapi/auth/login/',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(400);
  });

  it('accepts a fresh emailed code for accounts without a password', async () => {
    const { db } = await testDatabase();
    const email = uniqueEmail('passwordless');
    await db.insert(users).values({ email });
    await request(app, { method: 'POST', url: '/cyberapi/auth/code/', payload: { email } });
    const code = mail.last(email).text.match(/\b(\d{6})\b/)![1]!;
    const session = await request(app, {
      method: 'POST',
      url: '/cyberapi/auth/code/verify/',
      payload: { email, code },
    });
    const token = session.json().token as string;

    expect((await request(app, { method: 'DELETE', url: '/cyberapi/user/', token, payload: {} })).json()).toMatchObject(
      {
        code: 'code_required',
      },
    );
    await request(app, { method: 'POST', url: '/cyberapi/auth/code/', payload: { email } });
    const deletionCode = mail.last(email).text.match(/\b(\d{6})\b/)![1]!;
    const deleted = await request(app, {
      method: 'DELETE',
      url: '/cyberapi/user/',
      token,
      payload: { code: deletionCode },
    });
    expect(deleted.statusCode).toBe(204);
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
    const resetToken = decodeURIComponent(mail.last(user.email).text.match(/token=([\w%-]+)/)![1]!);
    await request(app, {
      method: 'POST',
      url: '/cyberapi/auth/password-reset/confirm/',
      payload: { token: resetToken, password: 'fresh-meadow-19' },
    });
    await request(app, { method: 'POST', url: '/cyberapi/auth/code/', payload: { email: user.email } });
    const code = mail.last(user.email).text.match(/\b(\d{6})\b/)![1]!;
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
});
