import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE, seedSampleContent } from '../../../test/content-fixture.ts';
import { signUp } from '../../../test/factories.ts';
import { createTestApp, request, testDatabase } from '../../../test/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('platform', () => {
  it('reports health with a database round trip', async () => {
    const response = await request(app, { method: 'GET', url: '/cyberapi/health/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(response.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await request(app, { method: 'GET', url: '/cyberapi/no-such-thing/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
  });

  it('rejects malformed JSON with a 400, not a 500', async () => {
    const response = await request(app, {
      method: 'POST',
      url: '/cyberapi/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Malformed request.', code: 'parse_error' });
  });

  it('rejects a wrong content type with a 415', async () => {
    const response = await request(app, {
      method: 'POST',
      url: '/cyberapi/auth/login/',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@b.c',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'unsupported_media_type' });
  });

  it('rejects a 10 MB body with a 413', async () => {
    const response = await request(app, {
      method: 'POST',
      url: '/cyberapi/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(10 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it('rejects an invalid token with the DRF message', async () => {
    const response = await request(app, { method: 'GET', url: '/cyberapi/profile/', token: 'not-a-real-token' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Invalid token.', code: 'invalid_token' });
    expect(response.headers['www-authenticate']).toBe('Token');
  });

  it('rejects a Token header without a key', async () => {
    const response = await request(app, {
      method: 'GET',
      url: '/cyberapi/profile/',
      headers: { authorization: 'Token' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('treats a request without a token as anonymous', async () => {
    const response = await request(app, { method: 'GET', url: '/cyberapi/profile/' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'not_authenticated' });
  });

  it('answers bodies of the wrong shape with field errors', async () => {
    const response = await request(app, { method: 'POST', url: '/cyberapi/auth/login/', payload: { email: 42 } });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json() as object).sort()).toEqual(['email', 'field_codes', 'password']);
    expect(response.json()).toMatchObject({ field_codes: { email: ['invalid'], password: ['required'] } });
  });

  it('serves the OpenAPI document generated from the schemas', async () => {
    const response = await request(app, { method: 'GET', url: '/cyberapi/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths).toHaveProperty(['/cyberapi/auth/signup/']);
    const ui = await request(app, { method: 'GET', url: '/cyberapi/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('sends pages the whole security policy, and API answers a policy that loads and frames nothing', async () => {
    const page = await request(app, { method: 'GET', url: '/login' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    const docs = await request(app, { method: 'GET', url: '/cyberapi/docs/' });
    expect(docs.headers['x-frame-options']).toBe('SAMEORIGIN');
    const answer = await request(app, { method: 'GET', url: '/cyberapi/health/' });
    expect(answer.headers).toMatchObject({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'same-origin',
      'strict-transport-security': page.headers['strict-transport-security'],
    });
    expect(answer.headers['x-frame-options']).toBeUndefined();
  });

  it('compresses an answer that holds a list, and sends one of single values as it is', async () => {
    await seedSampleContent((await testDatabase()).db);
    const { token } = await signUp(app);
    // The free lists' 60 words (content-fixture.ts), marked known: a list of records well over 1 kB.
    const known = Array.from({ length: 60 }, (_, index) => SAMPLE.appleId + index);
    const marked = await request(app, {
      method: 'POST',
      url: '/cyberapi/vocarecords/',
      token,
      payload: { voca_ids: known },
    });
    expect(marked.statusCode).toBe(201);
    const gzip = { 'accept-encoding': 'gzip' };
    const list = await request(app, { method: 'GET', url: '/cyberapi/vocarecords/', token, headers: gzip });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('gzip');
    const records = JSON.parse(gunzipSync(list.rawPayload).toString('utf8')) as { voca_id: number }[];
    expect(records.map((record) => record.voca_id).sort((a, b) => a - b)).toEqual(known);

    // A profile stays under the threshold, so its route skips the compression hooks altogether.
    const profile = await request(app, { method: 'GET', url: '/cyberapi/profile/', token, headers: gzip });
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['content-encoding']).toBeUndefined();
    expect(profile.json()).toMatchObject({ is_premium: false });
  });
});
