import { platformEndpoints } from '@vocagarden/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import type { Lifecycle, Phase } from '../../lib/http/lifecycle.ts';
import { route } from '../../lib/http/route.ts';

/** Why an instance that is not `ready` takes no traffic, for whoever reads the 503. */
const notReady: Record<Exclude<Phase, 'ready'>, string> = {
  starting: 'This server is starting.',
  draining: 'This server is shutting down.',
};

/**
 * Health (liveness): answers once the database does; a failing query is a 500. Readiness: the same
 * round trip, and a 503 while the instance is starting or draining, so that a balancer polling it
 * stops sending traffic before the instance stops accepting it (decision 025).
 */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Database; lifecycle: Lifecycle }> = async (
  app,
  { db, lifecycle },
) => {
  route(app, platformEndpoints.health, async () => {
    await db.execute(sql`select 1`);
    return { status: 'ok', database: 'ok' } as const;
  });

  route(app, platformEndpoints.ready, async ({ request }) => {
    const { phase } = lifecycle;
    if (phase !== 'ready') throw new ApiError(503, 'service_unavailable', notReady[phase]);
    try {
      await db.execute(sql`select 1`);
    } catch (error) {
      request.log.warn({ err: error }, 'not ready: the database does not answer');
      throw new ApiError(503, 'service_unavailable', 'This server cannot reach its database.');
    }
    return { status: 'ready', database: 'ok' } as const;
  });
};
