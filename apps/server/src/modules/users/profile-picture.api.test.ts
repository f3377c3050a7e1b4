import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/factories.ts';
import { createTestApp, request } from '../../../test/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const setPicture = (token: string, uri: string | null) =>
  request(app, { method: 'PATCH', url: '/cyberapi/user/', token, payload: { profile_picture_uri: uri } });

describe('profile pictures', () => {
  it.each([
    'javascript:alert(1)',
    'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
    'http://www.gravatar.com/avatar/abc',
    'https://tracker.example/pixel.png?child=1',
    'https://www.gravatar.com.evil.example/avatar/abc',
    'https://user:pass@www.gravatar.com/avatar/abc',
  ])('refuses %s', async (uri) => {
    const { token } = await signUp(app);
    const response = await setPicture(token, uri);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('profile_picture_uri');
  });

  it('accepts an https picture from an allowed avatar service, and clearing it', async () => {
    const { token } = await signUp(app);
    const uri = 'https://www.gravatar.com/avatar/205e460b479e2e5b48aec07710c08d50?s=80';
    expect((await setPicture(token, uri)).json()).toMatchObject({ profile_picture_uri: uri });
    expect((await setPicture(token, null)).json()).toMatchObject({ profile_picture_uri: null });
  });

  it('lets the browser load images only from the app and those services', async () => {
    const response = await request(app, { method: 'GET', url: '/login' });
    const imgSrc = /img-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1] ?? '';
    expect(imgSrc.split(' ')).toEqual([
      "'self'",
      'data:',
      'https://www.gravatar.com',
      'https://secure.gravatar.com',
      'https://lh3.googleusercontent.com',
      'https://avatars.githubusercontent.com',
    ]);
  });
});
