import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { PRERENDERED_PAGES, PRERENDERED_SHELL, uiLanguages } from '@vocagarden/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import { visitorLanguage } from './web-pages.ts';

describe('visitorLanguage', () => {
  it('takes the cookie the web app keeps, else the first supported Accept-Language, else English', () => {
    expect(visitorLanguage({ cookie: 'a=1; uiLanguage=es-MX', 'accept-language': 'tr' })).toBe('es');
    expect(visitorLanguage({ 'accept-language': 'de-DE,tr;q=0.8,es;q=0.9' })).toBe('es');
    expect(visitorLanguage({ 'accept-language': 'AZ-az, en;q=0.5' })).toBe('az');
    expect(visitorLanguage({ 'accept-language': 'de, *;q=0.1, es;q=0' })).toBe('en');
    expect(visitorLanguage({})).toBe('en');
    expect(visitorLanguage({ cookie: 'uiLanguage=%E0%A4%A', 'accept-language': 'tr' })).toBe('tr');
  });
});

describe('the prerendered first pages', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'vocagarden-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    for (const language of uiLanguages) {
      mkdirSync(join(dist, 'prerendered', language), { recursive: true });
      for (const [path, file] of Object.entries(PRERENDERED_PAGES)) {
        writeFileSync(join(dist, 'prerendered', language, file), `<!doctype html><title>${language} ${path}</title>`);
      }
      writeFileSync(
        join(dist, 'prerendered', language, PRERENDERED_SHELL),
        `<!doctype html><title>${language} …</title>`,
      );
    }
    app = await createTestApp({ webDistDir: dist });
  });
  afterAll(() => app.close());

  it("answers / and /login in the visitor's language, and every other page with the loading screen in it", async () => {
    const landing = await app.inject({ url: '/', headers: { 'accept-language': 'tr-TR,tr;q=0.9' } });
    expect(landing.body).toContain('<title>tr /</title>');
    expect(landing.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(landing.headers.vary).toContain('Accept-Language');
    const login = await app.inject({ url: '/login', headers: { cookie: 'uiLanguage=az' } });
    expect(login.body).toContain('<title>az /login</title>');
    // A query may change what the page shows: the app draws it over the loading screen.
    const next = await app.inject({ url: '/login?next=%2Fhome', headers: { cookie: 'uiLanguage=az' } });
    expect(next.body).toContain('<title>az …</title>');
    const home = await app.inject({ url: '/home', headers: { 'accept-language': 'es' } });
    expect(home.body).toContain('<title>es …</title>');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.headers.vary).toContain('Cookie');
    expect((await app.inject({ url: '/no/such/page' })).body).toContain('<title>en …</title>');
    expect((await app.inject({ method: 'HEAD', url: '/signup' })).statusCode).toBe(200);
    // The API's unknown addresses stay JSON 404s.
    expect((await app.inject({ url: '/cyberapi/no-such-endpoint/' })).statusCode).toBe(404);
  });
});

describe("the build's files", () => {
  const script = 'export const garden = "leaf";\n'.repeat(200);
  const brotliCopy = brotliCompressSync(script);
  const gzipCopy = gzipSync(script, { level: 9 });
  let app: FastifyInstance;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'vocagarden-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'garden-Ab12Cd34.js'), script);
    writeFileSync(join(dist, 'assets', 'garden-Ab12Cd34.js.br'), brotliCopy);
    writeFileSync(join(dist, 'assets', 'garden-Ab12Cd34.js.gz'), gzipCopy);
    writeFileSync(join(dist, 'assets', 'garden-Ab12Cd34.js.map'), '{"version":3}');
    app = await createTestApp({ webDistDir: dist });
  });
  afterAll(() => app.close());

  it("sends the build's compressed copy the browser accepts, as it is, with a file's headers, and never a source map", async () => {
    const fetchScript = (acceptEncoding: string) =>
      app.inject({ url: '/assets/garden-Ab12Cd34.js', headers: { 'accept-encoding': acceptEncoding } });
    const brotli = await fetchScript('gzip, deflate, br, zstd');
    expect(brotli.headers['content-encoding']).toBe('br');
    // The build's copy itself, byte for byte: not the script compressed again on the fly.
    expect(brotli.rawPayload).toEqual(brotliCopy);
    expect(brotli.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toContain('accept-encoding');
    // A build file is never a page: it gets an API answer's short policy (security-headers.ts), the pages
    // the whole one.
    expect(brotli.headers).toMatchObject({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
    });
    expect(brotli.headers['x-frame-options']).toBeUndefined();
    expect((await app.inject({ url: '/' })).headers['x-frame-options']).toBe('SAMEORIGIN');
    const gzipped = await fetchScript('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload).toEqual(gzipCopy);
    const plain = await fetchScript('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    // A build file that is not served, or not there, is a 404, never the app's page in its place.
    for (const url of ['/assets/garden-Ab12Cd34.js.map', '/assets/gone-Ab12Cd34.js']) {
      const missing = await app.inject({ url });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).not.toContain('<title>app</title>');
    }
    expect((await app.inject({ url: '/no/such/page' })).body).toContain('<title>app</title>');
  });
});

describe('a build without prerendered pages', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'vocagarden-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    app = await createTestApp({ webDistDir: dist });
  });
  afterAll(() => app.close());

  it("answers every page with the app's index.html", async () => {
    for (const url of ['/', '/login', '/home', '/login?next=%2Fhome']) {
      expect((await app.inject({ url })).body).toContain('<title>app</title>');
    }
  });
});
