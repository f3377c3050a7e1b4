import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, userId } from './columns.ts';
import { users } from './users.ts';

/** Time-limited premium plans, renewed by hand; active while today is within start..end. */
export const premiumSubscriptions = pgTable(
  'premium_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userId(),
    plan: text('plan').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    /** Integer minor units (kuruş) plus currency. */
    paymentAmount: integer('payment_amount').notNull().default(0),
    currency: text('currency').notNull().default('TRY'),
    createdAt: createdAt(),
  },
  (t) => [
    index('premium_subscriptions_user_id_idx').on(t.userId, t.endDate),
    // The staff subscriptions table (decision 015) lists the newest plans first.
    index('premium_subscriptions_start_date_idx').on(t.startDate),
  ],
);

/**
 * The plan catalogue (decision 012): seeded at start from modules/premium/plans.json when a key is
 * missing, never overwritten, so prices can be changed here without a deploy.
 */
export const plans = pgTable(
  'plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Stable name from plans.json ('weekly', 'monthly'): what the seed matches on. */
    key: text('key').notNull().unique(),
    unit: text('unit', { enum: ['week', 'month'] }).notNull(),
    /** Kuruş per unit, before any offer. */
    unitPrice: integer('unit_price').notNull(),
    currency: text('currency').notNull().default('TRY'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check('plans_unit_known', sql`${t.unit} IN ('week', 'month')`),
    // At least ₺1: a 90% offer still leaves a whole number of kuruş to charge.
    check('plans_unit_price_min', sql`${t.unitPrice} >= 100`),
  ],
);

/** Limited-time discounts (spec §9: 75% or 90%); the one live now applies to every price. */
export const offers = pgTable(
  'offers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    discountPercent: integer('discount_percent').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('offers_discount_known', sql`${t.discountPercent} IN (75, 90)`),
    check('offers_window_forward', sql`${t.endsAt} > ${t.startsAt}`),
    index('offers_window_idx').on(t.startsAt, t.endsAt),
  ],
);

/**
 * One attempt to buy a plan. The amount is computed by the server when the order is created and
 * never changes; a paid order points at the one subscription it created.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Kept (as null) when the account is deleted: a payment is a record the business must keep. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    units: integer('units').notNull(),
    /** The plan's unit price and the offer's discount when the order was made. */
    unitPrice: integer('unit_price').notNull(),
    discountPercent: integer('discount_percent'),
    /** Kuruş: what the provider must report as paid. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'failed'] })
      .notNull()
      .default('pending'),
    provider: text('provider', { enum: ['sandbox', 'iyzico'] }).notNull(),
    /** The provider's handle on the checkout (iyzico's Checkout Form token). */
    providerToken: text('provider_token'),
    /** The provider's id of the payment once paid (iyzico's paymentId). */
    providerReference: text('provider_reference'),
    /** Why a failed order failed ('declined', 'provider_unavailable' …), for support. */
    failureReason: text('failure_reason'),
    subscriptionId: integer('subscription_id').references(() => premiumSubscriptions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('orders_user_id_idx').on(t.userId, t.createdAt),
    // Staff analytics (decision 015): earnings today / this month, index-only.
    index('orders_paid_at_idx')
      .on(t.paidAt, t.amount)
      .where(sql`${t.status} = 'paid'`),
    uniqueIndex('orders_provider_token_key').on(t.provider, t.providerToken),
    uniqueIndex('orders_subscription_id_key').on(t.subscriptionId),
    check('orders_status_known', sql`${t.status} IN ('pending', 'paid', 'failed')`),
    check('orders_units_range', sql`${t.units} BETWEEN 1 AND 150`),
    check('orders_amount_positive', sql`${t.amount} > 0`),
    check('orders_paid_has_time', sql`${t.status} <> 'paid' OR ${t.paidAt} IS NOT NULL`),
  ],
);
