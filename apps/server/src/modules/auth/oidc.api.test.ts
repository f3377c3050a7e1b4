import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueEmail } from '../../../test/factories.ts';
import { startOidcProvider } from '../../../test/oidc-test-provider.ts';
import { createTestApp, request, TEST_PUBLIC_URL, testDatabase } from '../../../test/test-app.ts';
import { userIdentities } from '../../db/schema.ts';

const callbackUrl = `${TEST_PUBLIC_URL}/cyberapi/auth/oidc/garden-id/callback/`;
let provider: Awaited<ReturnType<typeof startOidcProvider>>;
let app: FastifyInstance;

beforeAll(async () => {
  provider = await startOidcProvider(callbackUrl);
  app = await createTestApp({
    oidcProviders: [
      {
        id: 'garden-id',
        name: 'Garden ID',
        issuer: provider.issuer,
        client_id: 'vocagarden',
        client_secret: 'test-secret-of-sufficient-length',
      },
    ],
  });
});
afterAll(async () => {
  await app.close();
  await provider.close();
});

/** The secret the SPA keeps in sessionStorage while a sign-in it started is under way. */
const BINDING = 'browser-secret-0123456789abcdef';
const startUrl = (binding = BINDING) => `/cyberapi/auth/oidc/garden-id/start/?binding=${binding}`;

/** Runs the whole flow as a browser would and returns where the app finally redirects. */
async function signInThroughProvider(accountId: string, binding = BINDING): Promise<string> {
  const start = await request(app, { method: 'GET', url: startUrl(binding) });
  expect(start.statusCode).toBe(302);
  const authorizationUrl = new URL(start.headers.location as string);
  expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorizationUrl.searchParams.get('state')).toBeTruthy();
  expect(authorizationUrl.searchParams.get('nonce')).toBeTruthy();
  const callback = await provider.authorize(authorizationUrl.href, accountId);
  const finish = await request(app, { method: 'GET', url: callback.pathname + callback.search });
  expect(finish.statusCode).toBe(302);
  return finish.headers.location as string;
}

const codeFrom = (location: string) => new URLSearchParams(new URL(location).hash.slice(1)).get('oidc');

const exchange = (code: string | null, binding = BINDING) =>
  request(app, { method: 'POST', url: '/cyberapi/auth/oidc/exchange/', payload: { code, binding } });

/** What the SPA does on /login#oidc=…: trades the code and its secret for a session token. */
async function tokenFrom(location: string): Promise<string> {
  const response = await exchange(codeFrom(location));
  expect(response.statusCode).toBe(200);
  return (response.json() as { token: string }).token;
}

describe('OpenID Connect sign-in', () => {
  it('lists the configured providers', async () => {
    const response = await request(app, { method: 'GET', url: '/cyberapi/auth/providers/' });
    expect(response.json()).toEqual([
      { id: 'garden-id', name: 'Garden ID', start_url: '/cyberapi/auth/oidc/garden-id/start/' },
    ]);
  });

  it('creates a new password-less user on first sign-in', async () => {
    const email = uniqueEmail('oidc-new');
    provider.addAccount({ sub: 'sub-new', email, email_verified: true, given_name: 'Aylin' });
    const location = await signInThroughProvider('sub-new');
    expect(location.startsWith(`${TEST_PUBLIC_URL}/login#oidc=`)).toBe(true);
    const profile = await request(app, { method: 'GET', url: '/cyberapi/profile/', token: await tokenFrom(location) });
    expect(profile.json()).toMatchObject({ email, first_name: 'Aylin', has_password: false });

    // Signing in again finds the same account through the stored identity.
    const again = await request(app, {
      method: 'GET',
      url: '/cyberapi/profile/',
      token: await tokenFrom(await signInThroughProvider('sub-new')),
    });
    expect(again.json().id).toBe(profile.json().id);
  });

  it('links an existing account by verified email', async () => {
    const { user } = await signUp(app);
    provider.addAccount({ sub: 'sub-existing', email: user.email, email_verified: true });
    const token = await tokenFrom(await signInThroughProvider('sub-existing'));
    const profile = await request(app, { method: 'GET', url: '/cyberapi/profile/', token });
    expect(profile.json()).toMatchObject({ id: user.id, has_password: true });
    const { db } = await testDatabase();
    const identities = await db.select().from(userIdentities).where(eq(userIdentities.userId, user.id));
    expect(identities).toMatchObject([{ provider: 'garden-id', subject: 'sub-existing' }]);
  });

  it('refuses to link an unverified email', async () => {
    const { user } = await signUp(app);
    provider.addAccount({ sub: 'sub-unverified', email: user.email, email_verified: false });
    expect(await signInThroughProvider('sub-unverified')).toBe(`${TEST_PUBLIC_URL}/login?error=oidc_failed`);
  });

  it('rejects a bad or replayed state', async () => {
    provider.addAccount({ sub: 'sub-replay', email: uniqueEmail('oidc-replay'), email_verified: true });
    const start = await request(app, { method: 'GET', url: startUrl() });
    const callback = await provider.authorize(start.headers.location as string, 'sub-replay');

    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged-state');
    const bad = await request(app, { method: 'GET', url: forged.pathname + forged.search });
    expect(bad.headers.location).toBe(`${TEST_PUBLIC_URL}/login?error=oidc_failed`);

    const first = await request(app, { method: 'GET', url: callback.pathname + callback.search });
    expect(codeFrom(first.headers.location as string)).toBeTruthy();
    const replay = await request(app, { method: 'GET', url: callback.pathname + callback.search });
    expect(replay.headers.location).toBe(`${TEST_PUBLIC_URL}/login?error=oidc_failed`);
  });

  it('hands the browser a single-use code that only the browser which started the sign-in can spend', async () => {
    provider.addAccount({ sub: 'sub-csrf', email: uniqueEmail('oidc-csrf'), email_verified: true });
    // An attacker finishes a sign-in of their own and sends the victim the resulting link.
    const attackerLink = await signInThroughProvider('sub-csrf', 'attacker-secret-0123456789abcdef');
    expect(attackerLink).not.toContain('token');
    // The victim's browser holds a different secret (or none): the code is refused.
    expect((await exchange(codeFrom(attackerLink), BINDING)).statusCode).toBe(400);
    // The refused attempt did not spend it: it still works once for its own browser, and never again.
    expect((await exchange(codeFrom(attackerLink), 'attacker-secret-0123456789abcdef')).statusCode).toBe(200);
    expect((await exchange(codeFrom(attackerLink), 'attacker-secret-0123456789abcdef')).statusCode).toBe(400);
  });

  it('lets a code be spent once', async () => {
    provider.addAccount({ sub: 'sub-once', email: uniqueEmail('oidc-once'), email_verified: true });
    const location = await signInThroughProvider('sub-once');
    expect((await exchange(codeFrom(location))).statusCode).toBe(200);
    expect((await exchange(codeFrom(location))).statusCode).toBe(400);
  });

  it('refuses to start without a browser secret', async () => {
    const response = await request(app, { method: 'GET', url: '/cyberapi/auth/oidc/garden-id/start/' });
    expect(response.statusCode).toBe(400);
  });

  it('answers 404 for an unknown provider', async () => {
    const response = await request(app, { method: 'GET', url: `/cyberapi/auth/oidc/nope/start/?binding=${BINDING}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'provider_not_found' });
  });
});
