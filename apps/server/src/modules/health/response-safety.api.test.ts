import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/factories.ts';
import { createTestApp, request } from '../../../test/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'vocagarden-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>VocaGarden</title>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(join(dist, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["src/secret-logic.ts"]}');
  app = await createTestApp({ webDistDir: dist });
});
afterAll(() => app.close());

describe('what answers may reveal', () => {
  it('marks answers for a signed-in user no-store, and leaves public ones cacheable', async () => {
    const { token } = await signUp(app);
    const profile = await request(app, { method: 'GET', url: '/cyberapi/profile/', token });
    expect(profile.headers['cache-control']).toBe('no-store');
    const levels = await request(app, { method: 'GET', url: '/cyberapi/vocalevels/' });
    expect(levels.headers['cache-control']).toBeUndefined();
  });

  it('serves the built app but never its source maps', async () => {
    expect((await request(app, { method: 'GET', url: '/assets/index-abc123.js' })).statusCode).toBe(200);
    const map = await request(app, { method: 'GET', url: '/assets/index-abc123.js.map' });
    expect(map.body).not.toContain('secret-logic');
  });
});
