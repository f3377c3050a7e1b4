import { platformEndpoints } from '@vocagarden/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { route } from '../../lib/http/route.ts';

/** Answers once the database does; a failing query is a 500, which is what a load balancer needs. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  route(app, platformEndpoints.health, async () => {
    await db.execute(sql`select 1`);
    return { status: 'ok', database: 'ok' } as const;
  });
};
