import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, TEST_PASSWORD, uniqueEmail } from '../../../test/factories.ts';
import { createTestApp, request } from '../../../test/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const signup = (payload: Record<string, unknown>) =>
  request(app, { method: 'POST', url: '/cyberapi/auth/signup/', payload: { accept_terms: true, ...payload } });
const login = (email: string, password: string) =>
  request(app, { method: 'POST', url: '/cyberapi/auth/login/', payload: { email, password } });

describe('auth/signup/', () => {
  it('creates the account and returns a token and the user', async () => {
    const email = uniqueEmail();
    const response = await signup({ email, password: TEST_PASSWORD, first_name: 'Ada', native_language_code: 'es' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.token).toMatch(/^[\w-]{43}$/);
    expect(body.user).toMatchObject({ email, first_name: 'Ada', native_language_code: 'es', is_staff: false });
  });

  it('defaults the native language to Turkish and the target to English', async () => {
    const { user } = await signUp(app);
    expect(user).toMatchObject({
      native_language_code: 'tr',
      native_language_locale: 'tr-TR',
      learning_language: 'English',
      target_language_locale: 'en-US',
    });
  });

  it('treats email as case-insensitive and unique', async () => {
    const email = uniqueEmail();
    expect((await signup({ email, password: TEST_PASSWORD })).statusCode).toBe(201);
    const again = await signup({ email: email.toUpperCase(), password: TEST_PASSWORD });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      email: ['A user with that email already exists.'],
      field_codes: { email: ['email_taken'] },
    });
  });

  it.each([
    ['abc', 'This password is too short. It must contain at least 6 characters.'],
    ['83920174', 'This password is entirely numeric.'],
    ['password', 'This password is too common.'],
    ['sunshine', 'This password is too common.'],
    ['aaaaaa', 'This password is too common.'],
    ['abcdef', 'This password is too common.'],
    ['qwerty123', 'This password is too common.'],
    ['vocagarden', 'This password is too common.'],
    ['Voca Garden', 'This password is too common.'],
  ])('rejects the password %s', async (password, message) => {
    const response = await signup({ email: uniqueEmail(), password });
    expect(response.statusCode).toBe(400);
    expect(response.json().password).toContain(message);
  });

  it("rejects the email's local part as the password", async () => {
    const email = uniqueEmail('deniz.yilmaz');
    const localPart = email.split('@')[0]!;
    for (const password of [localPart, localPart.toUpperCase()]) {
      const response = await signup({ email, password });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        password: ['This password is too common.'],
        field_codes: { password: ['password_too_common'] },
      });
    }
  });

  it('reports every failing password rule at once', async () => {
    const response = await signup({ email: uniqueEmail(), password: '1234' });
    expect(response.json().password).toEqual([
      'This password is too short. It must contain at least 6 characters.',
      'This password is entirely numeric.',
      'This password is too common.',
    ]);
  });

  it('requires the terms to be accepted', async () => {
    const response = await signup({ email: uniqueEmail(), password: TEST_PASSWORD, accept_terms: false });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('accept_terms');
  });

  it('rejects an invalid email', async () => {
    const response = await signup({ email: 'not-an-email', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('email');
  });

  it('keeps the starting level the learner chose', async () => {
    const response = await signup({ email: uniqueEmail(), password: TEST_PASSWORD, starting_level: 'B1' });
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({ starting_level: 'B1' });
  });

  it('still takes the body of clients that do not ask for a level; the learner is asked later', async () => {
    const response = await signup({ email: uniqueEmail(), password: TEST_PASSWORD, native_language_code: 'es' });
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({ starting_level: null, native_language_code: 'es' });
  });

  it('refuses a level that is not a CEFR level', async () => {
    const response = await signup({ email: uniqueEmail(), password: TEST_PASSWORD, starting_level: 'D1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().field_codes).toEqual({ starting_level: ['invalid_choice'] });
  });

  it('names every problem in one answer, each with a code beside its English text', async () => {
    const response = await signup({ email: 'not-an-email', password: '1234', accept_terms: false });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      email: ['Invalid email address'],
      password: [
        'This password is too short. It must contain at least 6 characters.',
        'This password is entirely numeric.',
        'This password is too common.',
      ],
      accept_terms: ['You must accept the terms and privacy policy.'],
      field_codes: {
        email: ['invalid_email'],
        password: ['password_too_short', 'password_entirely_numeric', 'password_too_common'],
        accept_terms: ['accept_terms'],
      },
    });
  });

  it('codes missing and over-long fields', async () => {
    const response = await request(app, {
      method: 'POST',
      url: '/cyberapi/auth/signup/',
      payload: { password: TEST_PASSWORD, first_name: 'x'.repeat(151) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      first_name: ['Ensure this field has no more than 150 characters.'],
      accept_terms: ['You must accept the terms and privacy policy.'],
      field_codes: { email: ['required'], first_name: ['too_long'], accept_terms: ['accept_terms'] },
    });
  });
});

describe('auth/login/ and auth/logout/', () => {
  it('signs in with the right pair, in any email case', async () => {
    const { user } = await signUp(app);
    const response = await login(user.email.toUpperCase(), TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(user.id);
  });

  it('refuses a wrong password and an unknown email alike', async () => {
    const { user } = await signUp(app);
    for (const response of [await login(user.email, 'wrong-password-1'), await login(uniqueEmail(), TEST_PASSWORD)]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'Invalid Credentials', code: 'invalid_credentials' });
    }
  });

  it('issues one token per device and revokes only the one used to log out', async () => {
    const { user, token: first } = await signUp(app);
    const second = (await login(user.email, TEST_PASSWORD)).json().token as string;
    const logout = await request(app, { method: 'POST', url: '/cyberapi/auth/logout/', token: first });
    expect(logout.statusCode).toBe(204);
    expect((await request(app, { method: 'GET', url: '/cyberapi/profile/', token: first })).statusCode).toBe(401);
    expect((await request(app, { method: 'GET', url: '/cyberapi/profile/', token: second })).statusCode).toBe(200);
  });

  it('needs a token to log out', async () => {
    const response = await request(app, { method: 'POST', url: '/cyberapi/auth/logout/' });
    expect(response.statusCode).toBe(401);
  });
});

describe('text input', () => {
  /** Each endpoint with a valid body, so the NUL byte is the only thing wrong. */
  const validBodies: Record<string, () => Record<string, string | boolean>> = {
    'auth/signup/': () => ({
      email: uniqueEmail(),
      password: TEST_PASSWORD,
      first_name: 'Ada',
      last_name: 'Lovelace',
      native_language_code: 'es',
      accept_terms: true,
    }),
    'auth/login/': () => ({ email: uniqueEmail(), password: TEST_PASSWORD }),
    'auth/password-reset/confirm/': () => ({ token: 'a'.repeat(43), password: TEST_PASSWORD }),
  };
  const textFields = Object.entries(validBodies).flatMap(([path, body]) =>
    Object.entries(body())
      .filter(([, value]) => typeof value === 'string')
      .map(([field]) => [path, field] as const),
  );

  it.each(textFields)('answers a NUL byte in %s %s with a 400, not a 500', async (path, field) => {
    const body = validBodies[path]!();
    const payload = { ...body, [field]: `${String(body[field]).slice(0, 3)}\u0000${String(body[field]).slice(3)}` };
    const response = await request(app, { method: 'POST', url: `/cyberapi/${path}`, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty(field);
  });
});

describe('OpenAPI', () => {
  it('lists the error answers of auth/signup/', async () => {
    const response = await request(app, { method: 'GET', url: '/cyberapi/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const signupResponses = document.paths['/cyberapi/auth/signup/']?.post?.responses ?? {};
    expect(Object.keys(signupResponses)).toEqual(expect.arrayContaining(['201', '400', '401', '429']));
  });
});

describe('profile/ and user/', () => {
  it('returns the signed-in user with every spec field', async () => {
    const { token, user } = await signUp(app);
    const response = await request(app, { method: 'GET', url: '/cyberapi/profile/', token });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual(
      [
        'id',
        'email',
        'first_name',
        'last_name',
        'profile_picture_uri',
        'native_language',
        'native_language_code',
        'native_language_locale',
        'native_language_global',
        'starting_level',
        'learning_language',
        'target_language_locale',
        'target_language_global',
        'is_staff',
        'has_password',
        'is_premium',
        'premium_until',
        'impersonated_by',
      ].sort(),
    );
    expect(response.json().id).toBe(user.id);
  });

  it('updates only editable fields and returns the user', async () => {
    const { token, user } = await signUp(app);
    const response = await request(app, {
      method: 'PATCH',
      url: '/cyberapi/user/',
      token,
      payload: { first_name: 'Leyla', native_language_code: 'az', is_staff: true, email: 'evil@example.com' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      first_name: 'Leyla',
      native_language_code: 'az',
      native_language: 'Azərbaycan dili',
      is_staff: false,
      email: user.email,
    });
  });

  it('exposes the starting level and lets the learner change it', async () => {
    const { token, user } = await signUp(app);
    expect(user.starting_level).toBeNull();
    const patch = (payload: object) => request(app, { method: 'PATCH', url: '/cyberapi/user/', token, payload });
    const changed = await patch({ starting_level: 'C1' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ starting_level: 'C1' });
    const profile = await request(app, { method: 'GET', url: '/cyberapi/profile/', token });
    expect(profile.json()).toMatchObject({ starting_level: 'C1' });

    // Another field's change leaves the level alone; a level that is not CEFR is refused.
    expect((await patch({ first_name: 'Ece' })).json()).toMatchObject({ starting_level: 'C1' });
    const refused = await patch({ starting_level: 'beginner' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field_codes).toEqual({ starting_level: ['invalid_choice'] });
  });

  it('rejects an unsupported language', async () => {
    const { token } = await signUp(app);
    const response = await request(app, {
      method: 'PATCH',
      url: '/cyberapi/user/',
      token,
      payload: { native_language_code: 'xx' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('native_language_code');
  });
});
