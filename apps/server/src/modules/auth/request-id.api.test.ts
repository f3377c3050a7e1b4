import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, request } from '../../../test/test-app.ts';

/**
 * The request id ties a user's report to the log lines of their request. A client-sent
 * x-request-id must never become ours: it could collide with, or impersonate, another request's
 * lines. The client's value may be logged beside ours (as clientRequestId), never instead.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('x-request-id', () => {
  it("answers with an id of the server's own, not the one the client sent", async () => {
    const response = await request(app, {
      method: 'GET',
      url: '/cyberapi/health/',
      headers: { 'x-request-id': 'attacker' },
    });
    const id = response.headers['x-request-id'];
    expect(id).not.toBe('attacker');
    expect(id).toMatch(UUID);
  });

  it('gives two requests sending the same id two different ids', async () => {
    const send = () =>
      request(app, { method: 'GET', url: '/cyberapi/health/', headers: { 'x-request-id': 'same-id' } });
    const [first, second] = [await send(), await send()];
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });
});
