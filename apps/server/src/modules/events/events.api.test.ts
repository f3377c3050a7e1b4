import { fileURLToPath } from 'node:url';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/factories.ts';
import { createTestApp, request, testDatabase, TestClock } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { memoryCounterStore } from '../../lib/rate-limit.ts';

const MINUTE = 60_000;
const clock = new TestClock();
let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

const sendEvent = (
  target: FastifyInstance,
  options: { remoteAddress?: string; token?: string; event?: string; payload?: object } & Pick<
    InjectOptions,
    'headers'
  > = {},
) =>
  request(target, {
    method: 'POST',
    url: `/cyberapi/event-call/${options.event ?? 'display_card'}/`,
    payload: options.payload ?? { voca_id: 1 },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    ...(options.token ? { token: options.token } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });

/** Sends `count` events one after another and tallies the answers by status. */
async function flood(count: number, send: (index: number) => ReturnType<typeof sendEvent>) {
  const statuses: Record<number, number> = {};
  for (let index = 0; index < count; index += 1) {
    const { statusCode } = await send(index);
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  }
  return statuses;
}

describe('event-call/{event}/ limits', () => {
  it('takes 120 anonymous events a minute from one IP, then answers 429 until the minute is over', async () => {
    const ip = '198.51.100.61';
    expect(await flood(125, () => sendEvent(app, { remoteAddress: ip }))).toEqual({ 202: 120, 429: 5 });
    const refused = await sendEvent(app, { remoteAddress: ip });
    expect(refused.json()).toEqual({
      detail: 'Too many requests. Please try again later.',
      code: 'throttled',
      retry_after: Number(refused.headers['retry-after']),
    });
    // Another address is not affected.
    expect((await sendEvent(app, { remoteAddress: '198.51.100.62' })).statusCode).toBe(202);

    clock.advance(MINUTE + 1000);
    expect((await sendEvent(app, { remoteAddress: ip })).statusCode).toBe(202);
  });

  it('says when to retry in a Retry-After header (seconds)', async () => {
    const ip = '198.51.100.63';
    const started = Date.now();
    await flood(120, () => sendEvent(app, { remoteAddress: ip }));
    clock.advance(15_000);
    const refused = await sendEvent(app, { remoteAddress: ip });
    expect(refused.statusCode).toBe(429);
    // 60 s from the first request, 15 s of which the clock skipped; the flood's own (real) time
    // also counts, which a busy machine stretches past a second.
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeLessThanOrEqual(45);
    expect(retryAfter).toBeGreaterThanOrEqual(45 - Math.ceil((Date.now() - started) / 1000));
  });

  it('refuses a flood before reading its body: unknown names and oversized bodies get 429 too', async () => {
    const ip = '198.51.100.64';
    expect((await sendEvent(app, { remoteAddress: ip, event: 'steal_data' })).statusCode).toBe(400);
    expect((await sendEvent(app, { remoteAddress: ip, payload: { blob: 'x'.repeat(5000) } })).statusCode).toBe(400);
    expect((await sendEvent(app, { remoteAddress: ip, payload: { blob: 'x'.repeat(9000) } })).statusCode).toBe(413);
    // The refusals counted: 117 more reach the limit of 120.
    expect(await flood(118, () => sendEvent(app, { remoteAddress: ip }))).toEqual({ 202: 117, 429: 1 });
    expect((await sendEvent(app, { remoteAddress: ip, event: 'steal_data' })).statusCode).toBe(429);
    expect((await sendEvent(app, { remoteAddress: ip, payload: { blob: 'x'.repeat(9000) } })).statusCode).toBe(429);
  });

  it('takes 300 events a minute from a signed-in learner, whatever the IP; classmates keep theirs', async () => {
    const learner = await signUp(app);
    const classmate = await signUp(app);
    // request() gives every call a different address: only the per-user limit can stop these.
    expect(await flood(302, () => sendEvent(app, { token: learner.token }))).toEqual({ 202: 300, 429: 2 });
    expect((await sendEvent(app, { token: classmate.token })).statusCode).toBe(202);
  });
});

it('documents the 429 in the OpenAPI description', async () => {
  const document = (await request(app, { method: 'GET', url: '/cyberapi/docs/json' })).json() as {
    paths: Record<string, { post: { responses: Record<string, unknown> } }>;
  };
  expect(Object.keys(document.paths['/cyberapi/event-call/{event}/']!.post.responses)).toContain('429');
});

describe('behind a reverse proxy', () => {
  const proxy = '10.0.0.2';
  let proxied: FastifyInstance;

  /** The app as createTestApp builds it, with TRUST_PROXY as the operator would set it. */
  async function appBehindProxy(trustProxy: string) {
    const built = await buildApp({
      database: await testDatabase(),
      counterStore: memoryCounterStore(),
      jobQueue: { schema: `jobs_${process.pid}_proxy_${trustProxy.replace(/\W/g, '_')}`, pollingIntervalMs: 50 },
      config: {
        LOG_LEVEL: 'silent',
        PASSWORD_HASH_LOG_N: 10,
        WEB_DIST_DIR: '/nonexistent',
        PUBLIC_URL: 'http://vocagarden.test',
        SMTP_URL: undefined,
        EMAIL_FROM: 'VocaGarden <test@vocagarden.test>',
        REDIS_URL: undefined,
        TRUST_PROXY: loadConfig({ TRUST_PROXY: trustProxy }).TRUST_PROXY,
        DEV_TOOLS: false,
        OIDC_PROVIDERS: [],
        ILLUSTRATIONS_DIR: fileURLToPath(new URL('../../../../../packages/content/illustrations/', import.meta.url)),
      },
    });
    await built.ready();
    return built;
  }

  /** What nginx sends on: the client's own X-Forwarded-For with the address it saw appended. */
  const viaProxy = (client: string, claimed?: string) => ({
    remoteAddress: proxy,
    headers: { 'x-forwarded-for': claimed ? `${claimed}, ${client}` : client },
  });

  describe('TRUST_PROXY=1', () => {
    beforeAll(async () => {
      proxied = await appBehindProxy('1');
    });
    afterAll(() => proxied.close());

    it('counts a client by its real address, whatever first hops it makes up', async () => {
      const client = '203.0.113.10';
      const spoofing = await flood(125, (index) => sendEvent(proxied, viaProxy(client, `1.2.3.${index}`)));
      expect(spoofing).toEqual({ 202: 120, 429: 5 });
      // Another client behind the same proxy has a count of its own (the proxy is not the client).
      expect((await sendEvent(proxied, viaProxy('203.0.113.20'))).statusCode).toBe(202);
    });
  });

  describe('TRUST_PROXY=<the proxy address>', () => {
    beforeAll(async () => {
      proxied = await appBehindProxy(proxy);
    });
    afterAll(() => proxied.close());

    it('believes X-Forwarded-For only from the proxy, so a direct client cannot name another IP', async () => {
      const client = '203.0.113.30';
      expect(await flood(121, (index) => sendEvent(proxied, viaProxy(client, `1.2.3.${index}`)))).toEqual({
        202: 120,
        429: 1,
      });
      // Straight to the app, claiming to be someone else: still counted as itself.
      const direct = await sendEvent(proxied, { remoteAddress: client, headers: { 'x-forwarded-for': '1.2.3.4' } });
      expect(direct.statusCode).toBe(429);
      expect((await sendEvent(proxied, viaProxy('203.0.113.31'))).statusCode).toBe(202);
    });
  });
});
