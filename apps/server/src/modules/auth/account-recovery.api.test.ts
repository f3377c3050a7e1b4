import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, TEST_PASSWORD, uniqueEmail } from '../../../test/factories.ts';
import { createTestApp, request, TEST_PUBLIC_URL, TestClock, lastMail } from '../../../test/test-app.ts';

let app: FastifyInstance;
const clock = new TestClock();
const MINUTE = 60_000;

beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

const post = (url: string, payload: object) => request(app, { method: 'POST', url: `/cyberapi/${url}`, payload });
const login = (email: string, password: string) => post('auth/login/', { email, password });

function resetTokenFrom(text: string): string {
  const match = text.match(new RegExp(`${TEST_PUBLIC_URL}/reset-password#token=([\\w%-]+)`));
  if (!match) throw new Error(`no reset link in: ${text}`);
  return decodeURIComponent(match[1]!);
}
const codeFrom = (text: string) => text.match(/\b(\d{6})\b/)![1]!;

describe('signup email', () => {
  it('sends a welcome email in the learner language over SMTP', async () => {
    const { user } = await signUp(app, { native_language_code: 'es', first_name: 'Lucía' });
    const welcome = await lastMail(app, user.email);
    expect(welcome.subject).toBe('Te damos la bienvenida a VocaGarden');
    expect(welcome.text).toContain('Hola Lucía:');
    expect(welcome.html).toContain('<a href="http://vocagarden.test/home"');
  });
});

describe('auth/password-reset/', () => {
  it('answers 404 with the spec message for an unknown email', async () => {
    const response = await post('auth/password-reset/', { email: uniqueEmail() });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'No user found with that email.', code: 'user_not_found' });
  });

  it('emails a single-use link that sets a new password and signs every device out', async () => {
    const { user, token: oldSession } = await signUp(app);
    expect((await post('auth/password-reset/', { email: user.email })).statusCode).toBe(200);
    const token = resetTokenFrom((await lastMail(app, user.email)).text);

    const confirm = await post('auth/password-reset/confirm/', { token, password: 'fresh-meadow-19' });
    expect(confirm.statusCode).toBe(200);
    expect((await request(app, { method: 'GET', url: '/cyberapi/profile/', token: oldSession })).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(400);
    expect((await login(user.email, 'fresh-meadow-19')).statusCode).toBe(200);

    const again = await post('auth/password-reset/confirm/', { token, password: 'another-meadow-20' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'invalid_reset_token' });
  });

  it('refuses a second request while a recent link is still valid, and allows one 10 minutes later', async () => {
    const { user } = await signUp(app);
    expect((await post('auth/password-reset/', { email: user.email })).statusCode).toBe(200);
    const second = await post('auth/password-reset/', { email: user.email });
    expect(second.statusCode).toBe(409);
    // The refusal says when a new link may be asked for: ten minutes after the first one.
    expect(second.json()).toEqual({
      detail: 'A password reset token has already been sent.',
      code: 'reset_already_sent',
      retry_after: 600,
    });
    expect(second.headers['retry-after']).toBe('600');
    clock.advance(4 * MINUTE);
    const third = await post('auth/password-reset/', { email: user.email });
    expect(third.statusCode).toBe(409);
    expect(third.json().retry_after).toBe(360);
    expect(third.headers['retry-after']).toBe('360');
    clock.advance(6 * MINUTE + 1000);
    expect((await post('auth/password-reset/', { email: user.email })).statusCode).toBe(200);
  });

  it('expires links after one hour', async () => {
    const { user } = await signUp(app);
    await post('auth/password-reset/', { email: user.email });
    const token = resetTokenFrom((await lastMail(app, user.email)).text);
    clock.advance(60 * MINUTE + 1000);
    const response = await post('auth/password-reset/confirm/', { token, password: 'fresh-meadow-19' });
    expect(response.statusCode).toBe(400);
  });

  it('keeps the link usable when the new password is rejected', async () => {
    const { user } = await signUp(app);
    await post('auth/password-reset/', { email: user.email });
    const token = resetTokenFrom((await lastMail(app, user.email)).text);
    const weak = await post('auth/password-reset/confirm/', { token, password: '123456' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().password).toContain('This password is entirely numeric.');
    expect((await post('auth/password-reset/confirm/', { token, password: 'fresh-meadow-19' })).statusCode).toBe(200);
  });

  it("refuses runs, the site's name and the email's local part as the new password", async () => {
    const { user } = await signUp(app);
    await post('auth/password-reset/', { email: user.email });
    const token = resetTokenFrom((await lastMail(app, user.email)).text);
    for (const password of ['zzzzzzzz', 'poiuytrewq', 'VocaGarden2025', user.email.split('@')[0]!]) {
      const weak = await post('auth/password-reset/confirm/', { token, password });
      expect(weak.statusCode, password).toBe(400);
      expect(weak.json(), password).toEqual({
        password: ['This password is too common.'],
        field_codes: { password: ['password_too_common'] },
      });
    }
    expect((await post('auth/password-reset/confirm/', { token, password: 'fresh-meadow-19' })).statusCode).toBe(200);
  });
});

describe('auth/code/ and auth/code/verify/', () => {
  it('emails a 6-digit code that signs in exactly once', async () => {
    const { user } = await signUp(app);
    expect((await post('auth/code/', { email: user.email })).statusCode).toBe(200);
    const code = codeFrom((await lastMail(app, user.email)).text);
    const verified = await post('auth/code/verify/', { email: user.email, code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.id).toBe(user.id);
    const reused = await post('auth/code/verify/', { email: user.email, code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'invalid_code' });
  });

  it('allows 5 attempts per code', async () => {
    const { user } = await signUp(app);
    await post('auth/code/', { email: user.email });
    const code = codeFrom((await lastMail(app, user.email)).text);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await post('auth/code/verify/', { email: user.email, code: wrong })).statusCode).toBe(400);
    }
    expect((await post('auth/code/verify/', { email: user.email, code })).statusCode).toBe(400);
  });

  it('expires codes after 10 minutes', async () => {
    const { user } = await signUp(app);
    await post('auth/code/', { email: user.email });
    const code = codeFrom((await lastMail(app, user.email)).text);
    clock.advance(10 * MINUTE + 1000);
    expect((await post('auth/code/verify/', { email: user.email, code })).statusCode).toBe(400);
  });

  it('rejects unknown emails and malformed codes', async () => {
    expect((await post('auth/code/', { email: uniqueEmail() })).statusCode).toBe(404);
    const malformed = await post('auth/code/verify/', { email: uniqueEmail(), code: '12ab' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('code');
  });
});

describe('brute force protection', () => {
  it('locks an account after repeated wrong passwords, even for the right one, until the window passes', async () => {
    const { user } = await signUp(app);
    const ip = '203.0.113.7';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const response = await request(app, {
        method: 'POST',
        url: '/cyberapi/auth/login/',
        remoteAddress: ip,
        payload: { email: user.email, password: `wrong-guess-${attempt}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(10).every((status) => status === 429)).toBe(true);

    const right = await login(user.email, TEST_PASSWORD);
    expect(right.statusCode).toBe(429);
    // How long the lockout lasts, in the body and in Retry-After: the rest of the 15-minute window.
    const wait = right.json().retry_after as number;
    expect(right.json()).toEqual({
      detail: 'Too many requests. Please try again later.',
      code: 'throttled',
      retry_after: wait,
    });
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    expect(right.headers['retry-after']).toBe(String(wait));

    clock.advance(15 * MINUTE + 1000);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('limits code requests per account', async () => {
    const { user } = await signUp(app);
    const statuses = [];
    for (let attempt = 0; attempt < 7; attempt += 1)
      statuses.push((await post('auth/code/', { email: user.email })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it('limits signups per IP', async () => {
    const ip = '198.51.100.9';
    const { user } = await signUp(app);
    let last = 0;
    for (let attempt = 0; attempt < 101; attempt += 1) {
      const response = await request(app, {
        method: 'POST',
        url: '/cyberapi/auth/signup/',
        remoteAddress: ip,
        // A refused sign-up (the email is taken) still counts: the limit is checked before the work.
        payload: { email: user.email, password: TEST_PASSWORD, accept_terms: true },
      });
      last = response.statusCode;
    }
    expect(last).toBe(429);
  });
});
