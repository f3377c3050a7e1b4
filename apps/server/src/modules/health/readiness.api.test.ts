import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { createTestApp, request } from '../../../test/test-app.ts';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function app(options: Parameters<typeof createTestApp>[0] = {}) {
  const created = await createTestApp(options);
  apps.push(created);
  return created;
}

const ready = (target: FastifyInstance) => request(target, { method: 'GET', url: '/cyberapi/ready/' });
const health = (target: FastifyInstance) => request(target, { method: 'GET', url: '/cyberapi/health/' });

describe('readiness', () => {
  it('is 503 until the server listens, 200 while it serves, and 503 again once it drains', async () => {
    const server = await app();
    expect((await ready(server)).json()).toEqual({ detail: 'This server is starting.', code: 'service_unavailable' });
    expect((await ready(server)).statusCode).toBe(503);

    await server.listen({ port: 0, host: '127.0.0.1' });
    const serving = await ready(server);
    expect(serving.statusCode).toBe(200);
    expect(serving.json()).toEqual({ status: 'ready', database: 'ok' });

    server.lifecycle.drain();
    const draining = await ready(server);
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ detail: 'This server is shutting down.', code: 'service_unavailable' });
    // Liveness is another question: the draining process is alive and still serving.
    expect((await health(server)).statusCode).toBe(200);
  });

  it('is 503 when the database does not answer', async () => {
    const database = await openDatabase({ databaseUrl: inject('databaseUrl') });
    await database.migrate();
    const server = await app({ database });
    await server.listen({ port: 0, host: '127.0.0.1' });
    expect((await ready(server)).statusCode).toBe(200);
    await server.jobs.stop();
    await database.close();
    const answer = await ready(server);
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ detail: 'This server cannot reach its database.', code: 'service_unavailable' });
  });
});

describe('load shedding', () => {
  it("answers API calls 503 with Retry-After past a limit, but not the probes or the app's files", async () => {
    const webDistDir = mkdtempSync(join(tmpdir(), 'vocagarden-dist-'));
    mkdirSync(join(webDistDir, 'assets'));
    writeFileSync(join(webDistDir, 'index.html'), '<!doctype html><title>VocaGarden</title>');
    writeFileSync(join(webDistDir, 'assets', 'notice-abc123.js'), 'export {}');
    // Any process uses more than 1 MB of heap: pressure from the first sample (each second) on.
    const server = await app({
      webDistDir,
      pressure: { PRESSURE_MAX_HEAP_USED_MB: 1, PRESSURE_RETRY_AFTER_SECONDS: 7 },
    });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const levels = () => request(server, { method: 'GET', url: '/cyberapi/vocalevels/' });
    await expect.poll(async () => (await levels()).statusCode, { timeout: 10_000, interval: 100 }).toBe(503);
    const refused = await levels();
    expect(refused.headers['retry-after']).toBe('7');
    expect(refused.json()).toEqual({
      detail: 'The server is busy right now. Please try again in a moment.',
      code: 'service_unavailable',
    });
    expect((await health(server)).statusCode).toBe(200);
    expect((await ready(server)).statusCode).toBe(200);
    // A route's chunk refused would be a failed dynamic import in the browser: files are always sent.
    expect((await request(server, { method: 'GET', url: '/assets/notice-abc123.js' })).statusCode).toBe(200);
    expect((await request(server, { method: 'GET', url: '/home' })).statusCode).toBe(200);
  });

  it('does not refuse the first requests after listening for the start-up that blocked the event loop', async () => {
    const server = await app({ pressure: { PRESSURE_MAX_EVENT_LOOP_DELAY_MS: 100 } });
    // A start-up's import, say: the event loop is blocked for a second and a half before listening.
    const blockedUntil = Date.now() + 1500;
    while (Date.now() < blockedUntil);
    await server.listen({ port: 0, host: '127.0.0.1' });
    for (let attempt = 0; attempt < 15; attempt += 1) {
      expect((await request(server, { method: 'GET', url: '/cyberapi/vocalevels/' })).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  it('is off when no limit is set', async () => {
    const server = await app();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect((await request(server, { method: 'GET', url: '/cyberapi/vocalevels/' })).statusCode).toBe(200);
  });
});
