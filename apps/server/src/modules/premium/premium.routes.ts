import { apiPaths, premiumSubscriptionSchema } from '@vocagarden/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../services.ts';
import { requireAuth } from '../auth/auth.hook.ts';
import { premiumRepository, subscriptionStatus } from './premium.repository.ts';

export const premiumRoutes: FastifyPluginAsyncZod<Services> = async (app, { db, now }) => {
  const premium = premiumRepository(db);
  app.get(
    apiPaths.premiumSubscriptions,
    { schema: { tags: ['premium'], response: { 200: z.array(premiumSubscriptionSchema) } } },
    async (request) => {
      const { user } = requireAuth(request);
      const at = now();
      return (await premium.listForUser(user.id)).map((row) => ({
        id: row.id,
        plan: row.plan,
        start_date: row.startDate.toISOString(),
        end_date: row.endDate.toISOString(),
        status: subscriptionStatus(row, at),
      }));
    },
  );
};
