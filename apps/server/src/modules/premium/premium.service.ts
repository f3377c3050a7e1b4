import {
  CURRENCY,
  PLAN_UNIT_LIMITS,
  planUnitSchema,
  PREMIUM_RESULT_PATHS,
  priceFor,
  type Order,
  type Plan,
  type PremiumCatalogue,
  type PremiumSubscription,
} from '@vocagarden/contract';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { lockForTransaction } from '../../db/locks.ts';
import { receiptEmail } from '../../lib/email/templates.ts';
import { ApiError, conflict, FieldValidationError, forbidden, notFound } from '../../lib/errors.ts';
import { PaymentUnavailableError, type IyzicoNotification, type PaymentProvider } from '../../lib/payments/provider.ts';
import { limits } from '../../lib/rate-limit.ts';
import type { Services } from '../../services.ts';
import { usersRepository, type UserRow } from '../users/users.repository.ts';
import { ordersRepository, type OrderRow } from './orders.repository.ts';
import { planEnd, planLabel, planStart, REMINDER_LEAD_MS } from './plan-dates.ts';
import { PLAN_ENDING_QUEUE, recipientOf, type PlanEndingJob } from './plan-reminders.ts';
import seedFile from './plans.json' with { type: 'json' };
import { premiumRepository, subscriptionStatus, type PlanRow, type SubscriptionRow } from './premium.repository.ts';

/** The reviewed plan catalogue in the repository: seeded where its key is missing, never overwritten. */
const planSeedSchema = z.array(
  z.object({
    key: z.string().regex(/^[a-z0-9-]+$/),
    unit: planUnitSchema,
    unit_price: z.number().int().min(100),
    currency: z.literal(CURRENCY),
    active: z.boolean(),
  }),
);
export const PLAN_SEED = planSeedSchema.parse(seedFile);

export type PremiumServices = Pick<Services, 'db' | 'now' | 'limiter' | 'email' | 'jobs' | 'publicUrl'> & {
  payments: PaymentProvider;
};

export type GrantOutcome = 'granted' | 'already_paid' | 'not_pending';

/** How a provider's report on an order came out. */
type Settlement = 'paid' | 'failed' | 'unverified' | 'unavailable';

export const serializePlan = (row: PlanRow): Plan => ({
  id: row.id,
  unit: row.unit,
  unit_price: row.unitPrice,
  currency: row.currency,
  max_units: PLAN_UNIT_LIMITS[row.unit],
});

export const serializeSubscription = (row: SubscriptionRow, at: Date): PremiumSubscription => ({
  id: row.id,
  plan: row.plan,
  start_date: row.startDate.toISOString(),
  end_date: row.endDate.toISOString(),
  status: subscriptionStatus(row, at),
  payment_amount: row.paymentAmount,
  currency: row.currency,
});

const resultPath = (outcome: 'success' | 'error', orderId: number | null) =>
  orderId === null ? PREMIUM_RESULT_PATHS[outcome] : `${PREMIUM_RESULT_PATHS[outcome]}?order=${orderId}`;

/**
 * Choosing and buying a plan (decision 012): the catalogue, checkout with a server-computed price,
 * the providers' outcomes, and granting, which happens once per order whatever races.
 */
export function premiumService(services: PremiumServices) {
  const { db, now, limiter, email, jobs, publicUrl, payments } = services;
  const premium = premiumRepository(db);
  const orders = ordersRepository(db);

  async function orderView(order: OrderRow, executor: Executor = db): Promise<Order> {
    const repository = premiumRepository(executor);
    const [plan, subscription] = await Promise.all([
      repository.plan(order.planId),
      order.subscriptionId === null ? undefined : repository.subscription(order.subscriptionId),
    ]);
    return {
      id: order.id,
      status: order.status,
      plan: serializePlan(plan!),
      units: order.units,
      amount: order.amount,
      currency: order.currency,
      subscription: subscription ? serializeSubscription(subscription, now()) : null,
      created_at: order.createdAt.toISOString(),
      paid_at: order.paidAt?.toISOString() ?? null,
    };
  }

  /**
   * Runs a change of an order's state in one transaction, under the learner's purchase lock and
   * with the order row locked, on the order as it is then (404 for an unknown order).
   */
  async function withLockedOrder<T>(
    orderId: number,
    change: (order: OrderRow, tx: Executor, txOrders: ReturnType<typeof ordersRepository>) => Promise<T>,
  ): Promise<T> {
    const found = await orders.byId(orderId);
    if (!found) throw notFound();
    return db.transaction(async (tx) => {
      if (found.userId !== null) await lockForTransaction(tx, 'premiumPurchases', found.userId);
      const txOrders = ordersRepository(tx);
      return change((await txOrders.byIdForUpdate(orderId))!, tx, txOrders);
    });
  }

  /**
   * Marks an order paid and creates its subscription, in one transaction under the learner's
   * purchase lock with the order row locked: an order is paid once and makes one subscription,
   * however many callbacks, notifications and clicks race for it. The new plan starts when the
   * learner's current plans end (or now), and the receipt and the plan-ending reminder are queued
   * in the same transaction. A failed order is granted only on a provider's verified report of
   * success (`fromFailed`): money taken means premium given.
   */
  async function grant(
    orderId: number,
    { reference, fromFailed }: { reference: string | null; fromFailed: boolean },
  ): Promise<GrantOutcome> {
    return withLockedOrder(orderId, async (order, tx, txOrders) => {
      if (order.status === 'paid') return 'already_paid';
      if (order.status === 'failed' && !fromFailed) return 'not_pending';
      const at = now();
      const paid = { status: 'paid' as const, paidAt: at, providerReference: reference, failureReason: null };
      if (order.userId === null) {
        // The account was deleted while paying: the payment is recorded, there is no one to give premium to.
        await txOrders.update(order.id, paid);
        return 'granted';
      }
      const txPremium = premiumRepository(tx);
      const plan = (await txPremium.plan(order.planId))!;
      const startDate = planStart(at, await txPremium.latestEnd(order.userId, at));
      const endDate = planEnd(startDate, plan.unit, order.units);
      const subscription = await txPremium.createSubscription({
        userId: order.userId,
        plan: planLabel(plan.unit, order.units),
        startDate,
        endDate,
        paymentAmount: order.amount,
        currency: order.currency,
      });
      await txOrders.update(order.id, { ...paid, subscriptionId: subscription.id });
      const users = usersRepository(tx);
      const user = (await users.findById(order.userId))!;
      await users.logAction(user.id, 'premium_purchase', `order ${order.id}`);
      await email.send(
        receiptEmail(
          recipientOf(user),
          {
            orderId: order.id,
            unit: plan.unit,
            units: order.units,
            amount: order.amount,
            currency: order.currency,
            until: endDate,
          },
          publicUrl,
        ),
        tx,
      );
      await jobs.send<PlanEndingJob>(
        PLAN_ENDING_QUEUE,
        { subscriptionId: subscription.id },
        {
          tx,
          startAfter: new Date(endDate.getTime() - REMINDER_LEAD_MS),
          singletonKey: `plan-ending:${subscription.id}`,
        },
      );
      return 'granted';
    });
  }

  /** Marks a pending order failed; false when it was no longer pending. */
  async function fail(orderId: number, reason: string): Promise<boolean> {
    return withLockedOrder(orderId, async (order, _tx, txOrders) => {
      if (order.status !== 'pending') return false;
      await txOrders.update(order.id, { status: 'failed', failureReason: reason });
      return true;
    });
  }

  /**
   * Asks iyzico how an order's checkout ended and acts on its signed answer only when it matches
   * the order: our basket id, our token, Turkish lira, and exactly the amount we asked for. A
   * verified decline fails the order when the browser comes back (the callback); a notification
   * about a declined attempt changes nothing, since the learner may still retry on the same form.
   */
  async function settle(
    order: OrderRow,
    source: 'callback' | 'notification',
    log: FastifyBaseLogger,
  ): Promise<Settlement> {
    if (payments.name !== 'iyzico' || !order.providerToken) return 'unverified';
    let verdict;
    try {
      verdict = await payments.report(order.providerToken, order.id);
    } catch (error) {
      if (!(error instanceof PaymentUnavailableError)) throw error;
      log.warn({ orderId: order.id, source, problem: error.message }, 'payment report unavailable');
      return 'unavailable';
    }
    if (!verdict.verified) {
      log.warn({ orderId: order.id, source, problem: verdict.reason }, 'payment report not verified; order unchanged');
      return 'unverified';
    }
    const { report } = verdict;
    const mismatch =
      report.token !== order.providerToken
        ? 'token'
        : report.basketId !== String(order.id)
          ? 'basket'
          : report.currency !== order.currency
            ? 'currency'
            : report.paidAmount !== order.amount
              ? 'amount'
              : null;
    if (mismatch) {
      log.error(
        { orderId: order.id, source, mismatch },
        'signed payment report does not match its order; order unchanged',
      );
      return 'unverified';
    }
    if (!report.succeeded) {
      if (source === 'callback') await fail(order.id, 'declined');
      log.info({ orderId: order.id, source, paymentStatus: report.paymentStatus }, 'payment not completed');
      return 'failed';
    }
    const outcome = await grant(order.id, { reference: report.reference, fromFailed: true });
    log.info({ orderId: order.id, source, outcome }, 'payment verified');
    return 'paid';
  }

  return {
    grant,
    fail,

    /** Adds the catalogue's plans that are missing from the database (idempotent, edits kept). */
    ensurePlans() {
      return premium.seedPlans(
        PLAN_SEED.map((plan) => ({
          key: plan.key,
          unit: plan.unit,
          unitPrice: plan.unit_price,
          currency: plan.currency,
          active: plan.active,
        })),
      );
    },

    async catalogue(): Promise<PremiumCatalogue> {
      const [plans, offer, packs] = await Promise.all([
        premium.activePlans(),
        premium.liveOffer(now()),
        premium.packs(),
      ]);
      return {
        plans: plans.map(serializePlan),
        offer: offer
          ? {
              id: offer.id,
              discount_percent: offer.discountPercent as 75 | 90,
              starts_at: offer.startsAt.toISOString(),
              ends_at: offer.endsAt.toISOString(),
            }
          : null,
        packs: { free_words: packs.freeWords, all_words: packs.allWords },
      };
    },

    async subscriptions(userId: number): Promise<PremiumSubscription[]> {
      const at = now();
      return (await premium.listForUser(userId)).map((row) => serializeSubscription(row, at));
    },

    /**
     * Starts paying: the price is the plan's unit price times the units, less the live offer,
     * computed here and nowhere else; the provider is then asked for its payment page.
     */
    async checkout(
      user: UserRow,
      { plan_id, units }: { plan_id: number; units: number },
      ip: string,
      log: FastifyBaseLogger,
    ): Promise<{ order_id: number; redirect_url: string }> {
      await limiter.consume(limits.checkoutsPerUser, String(user.id));
      const plan = await premium.plan(plan_id);
      if (!plan?.active) throw notFound();
      const maxUnits = PLAN_UNIT_LIMITS[plan.unit];
      if (units > maxUnits) {
        throw new FieldValidationError(
          { units: [`Ensure this value is less than or equal to ${maxUnits}.`] },
          { units: ['out_of_range'] },
        );
      }
      const at = now();
      const offer = await premium.liveOffer(at);
      const discountPercent = offer?.discountPercent ?? null;
      const order = await orders.create({
        userId: user.id,
        planId: plan.id,
        units,
        unitPrice: plan.unitPrice,
        discountPercent,
        amount: priceFor(plan.unitPrice, units, discountPercent),
        currency: plan.currency,
        provider: payments.name,
        createdAt: at,
      });
      try {
        const started = await payments.start({
          orderId: order.id,
          amount: order.amount,
          currency: order.currency,
          description: `VocaGarden Premium — ${planLabel(plan.unit, units)}`,
          buyer: {
            id: user.id,
            email: user.email,
            firstName: user.firstName,
            lastName: user.lastName,
            language: recipientOf(user).language,
            ip,
            registeredAt: user.dateJoined,
            lastSeenAt: user.lastActivity,
          },
        });
        if (started.token) await orders.update(order.id, { providerToken: started.token });
        return { order_id: order.id, redirect_url: started.redirectUrl };
      } catch (error) {
        if (!(error instanceof PaymentUnavailableError)) throw error;
        log.warn({ orderId: order.id, problem: error.message }, 'payment provider could not start a checkout');
        await fail(order.id, 'provider_unavailable');
        throw new ApiError(503, 'payment_unavailable');
      }
    },

    /** The caller's own order; anyone else's is 404, as if it did not exist. */
    async order(userId: number, orderId: number): Promise<Order> {
      const order = await orders.ownedBy(userId, orderId);
      if (!order) throw notFound();
      return orderView(order);
    },

    /** The sandbox page's Pay or Decline: 404 unless the sandbox takes payments, 409 once decided. */
    async sandboxOutcome(userId: number, orderId: number, outcome: 'paid' | 'declined'): Promise<Order> {
      if (payments.name !== 'sandbox') throw notFound();
      const order = await orders.ownedBy(userId, orderId);
      if (!order || order.provider !== 'sandbox') throw notFound();
      const decided =
        outcome === 'paid'
          ? (await grant(order.id, { reference: `sandbox-${order.id}`, fromFailed: false })) === 'granted'
          : await fail(order.id, 'declined');
      if (!decided) throw conflict('order_not_pending');
      return orderView((await orders.byId(order.id))!);
    },

    /**
     * Where iyzico's form sends the browser: the result page. A replayed callback for a paid order
     * goes to the success page without granting again.
     */
    async iyzicoCallback(token: string, log: FastifyBaseLogger): Promise<string> {
      if (payments.name !== 'iyzico') throw notFound();
      const order = await orders.byProviderToken('iyzico', token);
      if (!order) return resultPath('error', null);
      if (order.status === 'paid') return resultPath('success', order.id);
      const settled = await settle(order, 'callback', log);
      return resultPath(settled === 'paid' ? 'success' : 'error', order.id);
    },

    /**
     * iyzico's notification: grants even if the browser never comes back. Not signed → 403; about
     * a checkout we do not know → 200 so iyzico stops; iyzico unreachable → 503 so it tries again.
     */
    async iyzicoNotification(
      signature: string | undefined,
      notification: IyzicoNotification,
      log: FastifyBaseLogger,
    ): Promise<{ detail: string }> {
      if (payments.name !== 'iyzico') throw notFound();
      if (!payments.verifyNotification(signature, notification)) throw forbidden();
      const order = notification.token ? await orders.byProviderToken('iyzico', notification.token) : undefined;
      if (!order) return { detail: 'ignored' };
      if (order.status === 'paid') return { detail: 'paid' };
      const settled = await settle(order, 'notification', log);
      if (settled === 'unavailable') throw new ApiError(503, 'payment_unavailable');
      return { detail: settled };
    },
  };
}
export type PremiumService = ReturnType<typeof premiumService>;
