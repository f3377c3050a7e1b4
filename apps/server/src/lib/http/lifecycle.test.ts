import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { closingOptions, drain, registerLifecycle } from './lifecycle.ts';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

let app: FastifyInstance;
let port: number;
const agents: Agent[] = [];

/** A GET on its own kept-alive connection; `onSocket` sees the connection it used. */
function get(path: string, onSocket?: (socket: Socket) => void): Promise<Answer> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  agents.push(agent);
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: '127.0.0.1', port, path, agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    sent.on('socket', (socket) => onSocket?.(socket));
    sent.on('error', reject);
    sent.end();
  });
}

/** An app with the server's closing options and lifecycle, and a route that answers when told to. */
async function start(events: string[] = []) {
  app = Fastify({ logger: false, ...closingOptions });
  registerLifecycle(app);
  app.addHook('onResponse', async (request) => {
    if (request.url === '/slow') events.push('request answered');
  });
  let entered!: () => void;
  const inFlight = new Promise<void>((resolve) => (entered = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  app.get('/phase', async () => app.lifecycle.phase);
  app.get('/slow', async () => {
    entered();
    await released;
    return 'done';
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
  return { inFlight, release };
}

afterEach(async () => {
  for (const agent of agents.splice(0)) agent.destroy();
  app.server.closeAllConnections();
  await app.close();
});

describe('graceful drain', () => {
  it('is ready only once listening', async () => {
    app = Fastify({ logger: false, ...closingOptions });
    registerLifecycle(app);
    await app.ready();
    expect(app.lifecycle.phase).toBe('starting');
    await app.listen({ port: 0, host: '127.0.0.1' });
    expect(app.lifecycle.phase).toBe('ready');
  });

  it('turns readiness first, closes idle keep-alive connections, finishes requests in flight, then closes the rest', async () => {
    const events: string[] = [];
    const { inFlight, release } = await start(events);
    let idleSocket: Socket | undefined;
    expect((await get('/phase', (socket) => (idleSocket = socket))).body).toBe('ready');
    const idleClosed = new Promise<void>((resolve) => idleSocket!.once('close', () => resolve()));
    let busySocket: Socket | undefined;
    const slow = get('/slow', (socket) => (busySocket = socket));
    await inFlight;
    const busyClosed = new Promise<void>((resolve) => busySocket!.once('close', () => resolve()));

    const drained = drain(app, { delayMs: 0, timeoutMs: 10_000, afterClose: async () => void events.push('closed') });
    expect(app.lifecycle.phase).toBe('draining');
    await idleClosed;
    events.push('idle connection closed');
    // No new connections once the server stops accepting.
    await expect
      .poll(() =>
        get('/phase').then(
          () => 'accepted',
          (error: NodeJS.ErrnoException) => error.code,
        ),
      )
      .toBe('ECONNREFUSED');
    release();
    expect(await slow).toMatchObject({ status: 200, body: 'done', headers: { connection: 'close' } });
    // Its kept-alive connection is not reused either.
    await busyClosed;
    expect(await drained).toBe('drained');
    expect(events).toEqual(['idle connection closed', 'request answered', 'closed']);
  });

  it('keeps serving, with readiness draining, for the delay before it stops accepting', async () => {
    await start();
    const drained = drain(app, { delayMs: 300, timeoutMs: 10_000, afterClose: async () => {} });
    const during = await get('/phase');
    // Served, on a connection that is then closed: a proxy stops reusing it before it is cut.
    expect(during).toMatchObject({ status: 200, body: 'draining', headers: { connection: 'close' } });
    expect(await drained).toBe('drained');
  });

  it('cuts off requests still running at the timeout', async () => {
    const { inFlight } = await start();
    const slow = get('/slow');
    await inFlight;
    expect(await drain(app, { delayMs: 0, timeoutMs: 300, afterClose: async () => {} })).toBe('timed out');
    await expect(slow).rejects.toThrow(/socket hang up|ECONNRESET/);
  });
});
