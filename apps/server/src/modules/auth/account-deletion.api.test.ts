import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, TEST_PASSWORD, uniqueEmail } from '../../../test/factories.ts';
import { createTestApp, request, testDatabase, lastMail } from '../../../test/test-app.ts';
import { userActions, users } from '../../db/schema.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

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
    const code = (await lastMail(app, email)).text.match(/\b(\d{6})\b/)![1]!;
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
    const deletionCode = (await lastMail(app, email)).text.match(/\b(\d{6})\b/)![1]!;
    const deleted = await request(app, {
      method: 'DELETE',
      url: '/cyberapi/user/',
      token,
      payload: { code: deletionCode },
    });
    expect(deleted.statusCode).toBe(204);
  });
});
