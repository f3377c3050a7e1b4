import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, userId } from './columns.ts';

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
  (t) => [index('premium_subscriptions_user_id_idx').on(t.userId, t.endDate)],
);
