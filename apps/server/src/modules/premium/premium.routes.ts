import { premiumEndpoints, type PremiumSubscription } from '@vocagarden/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/http/route.ts';
import type { Services } from '../../services.ts';
import { premiumRepository, subscriptionStatus, type SubscriptionRow } from './premium.repository.ts';

const serialize = (row: SubscriptionRow, at: Date): PremiumSubscription => ({
  id: row.id,
  plan: row.plan,
  start_date: row.startDate.toISOString(),
  end_date: row.endDate.toISOString(),
  status: subscriptionStatus(row, at),
  payment_amount: row.paymentAmount,
  currency: row.currency,
});

export const premiumRoutes: FastifyPluginAsync<Services> = async (app, { db, now }) => {
  const premium = premiumRepository(db);
  route(app, premiumEndpoints.subscriptions, async ({ caller }) => {
    const at = now();
    return (await premium.listForUser(caller.user.id)).map((row) => serialize(row, at));
  });
};
