import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRERENDERED_PAGES, uiLanguages } from '@vocagarden/contract';
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
    }
    app = await createTestApp({ webDistDir: dist });
  });
  afterAll(() => app.close());

  it("answers / and /login in the visitor's language, and their addresses with a query with the app", async () => {
    const landing = await app.inject({ url: '/', headers: { 'accept-language': 'tr-TR,tr;q=0.9' } });
    expect(landing.body).toContain('<title>tr /</title>');
    expect(landing.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(landing.headers.vary).toContain('Accept-Language');
    const login = await app.inject({ url: '/login', headers: { cookie: 'uiLanguage=az' } });
    expect(login.body).toContain('<title>az /login</title>');
    const next = await app.inject({ url: '/login?next=%2Fhome', headers: { cookie: 'uiLanguage=az' } });
    expect(next.body).toContain('<title>app</title>');
    expect((await app.inject({ url: '/signup' })).body).toContain('<title>app</title>');
  });
});
