import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/**
 * Where an instance is in its life, as its readiness endpoint reports it (decision 025): `starting`
 * until the server listens, `ready` while it takes traffic, `draining` from SIGTERM until it exits.
 */
export type Phase = 'starting' | 'ready' | 'draining';

export interface Lifecycle {
  readonly phase: Phase;
  /** Readiness answers 503 from now on; requests are still served until the server closes. */
  drain(): void;
}

/**
 * Fastify's options for close (SIGTERM): idle keep-alive connections are closed at once, and a
 * request that still arrives on an open one is served (with `Connection: close`) rather than refused
 * with a 503 that a proxy may not retry elsewhere (nginx does not retry a POST it has sent).
 */
export const closingOptions = { forceCloseConnections: 'idle', return503OnClosing: false } as const;

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/** Ready once listening (app.inject() alone never gets there); draining once closing at the latest. */
export function registerLifecycle(app: FastifyInstance): Lifecycle {
  let phase: Phase = 'starting';
  const lifecycle: Lifecycle = {
    get phase() {
      return phase;
    },
    drain() {
      phase = 'draining';
    },
  };
  app.decorate('lifecycle', lifecycle);
  app.addHook('onListen', async () => {
    if (phase === 'starting') phase = 'ready';
  });
  app.addHook('preClose', async () => lifecycle.drain());
  // Fastify marks only requests that arrive after close(); an answer to one already in flight would
  // leave its connection open for the keep-alive timeout (72 s), and close() waits for it.
  app.addHook('onSend', (_request, reply, _payload, done) => {
    if (phase === 'draining') reply.header('connection', 'close');
    done();
  });
  return lifecycle;
}

const IDLE_SWEEP_MS = 100;

export interface DrainOptions {
  /**
   * How long readiness answers 503, and every answer closes its connection, before the server stops
   * accepting: balancers that poll readiness stop sending, and a proxy's kept-open connections are
   * closed after an answer rather than cut while it may be sending a request on them.
   */
  delayMs: number;
  /** The bound on the whole drain; past it the remaining connections are cut. */
  timeoutMs: number;
  /** Runs once no request is in flight and the app's own resources are closed: the database. */
  afterClose: () => Promise<void>;
}

/**
 * The graceful stop of a listening server: readiness turns 503, then (after `delayMs`) app.close()
 * stops accepting connections, closes idle keep-alive ones and waits for the requests in flight
 * (each answered with `Connection: close`), then stops the job queue and the other onClose
 * resources; `afterClose` closes the database last. Resolves `drained`, or `timed out` when
 * `timeoutMs` passed first, in which case every connection still open has been destroyed.
 */
export async function drain(app: FastifyInstance, options: DrainOptions): Promise<'drained' | 'timed out'> {
  app.lifecycle.drain();
  const deadline = new AbortController();
  const closed = (async () => {
    await sleep(options.delayMs);
    // A connection whose answer was already on its way when draining began goes idle afterwards,
    // kept alive: close such ones as they appear (close() itself closes the idle ones once).
    const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    try {
      await app.close();
    } finally {
      clearInterval(sweep);
    }
    await options.afterClose();
    return 'drained' as const;
  })();
  const outcome = await Promise.race([
    closed,
    sleep(options.timeoutMs, 'timed out' as const, { signal: deadline.signal }).catch(() => 'drained' as const),
  ]);
  deadline.abort();
  if (outcome === 'timed out') app.server.closeAllConnections();
  return outcome;
}
