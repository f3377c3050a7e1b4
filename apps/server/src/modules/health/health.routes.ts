import { apiPaths, healthSchema } from '@vocagarden/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(apiPaths.health, { schema: { tags: ['health'], response: { 200: healthSchema } } }, async () => {
    await db.execute(sql`select 1`);
    return { status: 'ok' as const, database: 'ok' as const };
  });
};
