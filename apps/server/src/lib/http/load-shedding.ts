import fastifyUnderPressure from '@fastify/under-pressure';
import { API_BASE, errorMessages, platformEndpoints, type ErrorBody } from '@vocagarden/contract';
import type { FastifyInstance } from 'fastify';

export interface PressureLimits {
  /** Mean event-loop delay over the last second, in ms; 0: not checked. */
  maxEventLoopDelayMs: number;
  /** Share of the last second the event loop was busy (0–1); 0: not checked. */
  maxEventLoopUtilization: number;
  /** 0: not checked. */
  maxHeapUsedMb: number;
  /** 0: not checked. */
  maxRssMb: number;
  retryAfterSeconds: number;
}

/** Probes answer under pressure too: a busy instance is alive, and its readiness says why it is not. */
const PROBES = new Set([API_BASE + platformEndpoints.health.path, API_BASE + platformEndpoints.ready.path]);

/**
 * Only API work is shed. The app's files and pages cost next to nothing to send, and refusing one
 * breaks the page for good: a route's chunk that fails to load is a failed dynamic import, not a
 * call the app retries.
 */
function isShed(url: string): boolean {
  return (url === API_BASE || url.startsWith(`${API_BASE}/`)) && !PROBES.has(url);
}

/** The warning is logged at most this often: under overload, a line per refused request would add to it. */
const LOG_EVERY_MS = 10_000;

const MB = 2 ** 20;

/**
 * under-pressure samples once a second, and its first samples measure the start-up (migrations,
 * the content import) that blocked the event loop before the server listened. For this long after
 * listening nothing is refused, so the first requests after readiness are not shed for work that
 * is already over.
 */
const START_UP_GRACE_MS = 2_500;

/**
 * Load shedding (decision 025): once the process is past a limit, every API request but the probes
 * is answered at once with 503 `service_unavailable` and Retry-After, instead of queueing until clients
 * time out. Behind nginx (`proxy_next_upstream http_503`) an idempotent request is retried on
 * another instance. Nothing is registered when every limit is 0.
 */
export async function registerLoadShedding(app: FastifyInstance, limits: PressureLimits): Promise<void> {
  const { maxEventLoopDelayMs, maxEventLoopUtilization, maxHeapUsedMb, maxRssMb, retryAfterSeconds } = limits;
  if (!(maxEventLoopDelayMs || maxEventLoopUtilization || maxHeapUsedMb || maxRssMb)) return;
  let lastLogged = 0;
  let sheddingFrom = Number.POSITIVE_INFINITY;
  app.addHook('onListen', () => {
    sheddingFrom = Date.now() + START_UP_GRACE_MS;
  });
  await app.register(fastifyUnderPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    maxEventLoopUtilization,
    // The busy share of each second, not since start: a long-idle process would otherwise never trip it.
    eventLoopUtilizationMode: 'interval',
    maxHeapUsedBytes: maxHeapUsedMb * MB,
    maxRssBytes: maxRssMb * MB,
    pressureHandler(request, reply, type, value) {
      if (!isShed(request.routeOptions.url ?? request.url)) return undefined;
      const now = Date.now();
      if (now < sheddingFrom) return undefined;
      if (now - lastLogged >= LOG_EVERY_MS) {
        lastLogged = now;
        request.log.warn({ pressure: type, value }, 'under pressure: answering 503 with Retry-After');
      }
      const body: ErrorBody = { detail: errorMessages.service_unavailable, code: 'service_unavailable' };
      // Sent here: the request's later hooks (authentication's database lookup) then never run.
      void reply.status(503).header('retry-after', String(retryAfterSeconds)).send(body);
      return undefined;
    },
  });
}
