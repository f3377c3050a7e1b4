import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { idSchema } from './primitives.ts';

/** Money is integer minor units plus a currency; prices are in Turkish lira (kuruş). */
export const CURRENCY = 'TRY';

export const planUnitSchema = z.enum(['week', 'month']);
export type PlanUnit = z.infer<typeof planUnitSchema>;

/** How many units a learner may buy at once (spec §9: Week 1–100, Month 1–150). */
export const PLAN_UNIT_LIMITS: Record<PlanUnit, number> = { week: 100, month: 150 };

/** Spec §9: limited-time offers take 75% or 90% off. */
export const offerDiscountSchema = z.union([z.literal(75), z.literal(90)]);

/**
 * The one price rule, used by the server to charge and by the web to show: units × unit price,
 * less the offer's discount, rounded to whole kuruş.
 */
export function priceFor(unitPrice: number, units: number, discountPercent: number | null): number {
  const full = unitPrice * units;
  return discountPercent ? Math.round((full * (100 - discountPercent)) / 100) : full;
}

export const planSchema = z
  .object({
    id: z.number().int(),
    unit: planUnitSchema,
    /** Kuruş per week or month, before any offer. */
    unit_price: z.number().int(),
    currency: z.string(),
    max_units: z.number().int(),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof planSchema>;

export const offerSchema = z
  .object({
    id: z.number().int(),
    discount_percent: offerDiscountSchema,
    starts_at: z.iso.datetime(),
    ends_at: z.iso.datetime(),
  })
  .meta({ id: 'Offer' });
export type Offer = z.infer<typeof offerSchema>;

export const premiumCatalogueSchema = z
  .object({
    plans: z.array(planSchema),
    /** The offer live now, if any: every price below is discounted by it. */
    offer: offerSchema.nullable(),
    /** The word packs' sizes, counted from the database: the free lists' words and the whole set. */
    packs: z.object({ free_words: z.number().int(), all_words: z.number().int() }),
  })
  .meta({ id: 'PremiumCatalogue' });
export type PremiumCatalogue = z.infer<typeof premiumCatalogueSchema>;

export const checkoutBodySchema = z
  .object({ plan_id: idSchema, units: z.number().int().min(1).max(150) })
  .meta({ id: 'Checkout' });

export const checkoutSchema = z
  .object({ order_id: z.number().int(), redirect_url: z.string() })
  .meta({ id: 'CheckoutStarted' });

export const orderStatusSchema = z.enum(['pending', 'paid', 'failed']);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const premiumSubscriptionSchema = z
  .object({
    id: z.number().int(),
    /** "Month 3", "Week 1": the plan and how many units (the web translates it). */
    plan: z.string(),
    start_date: z.iso.datetime(),
    end_date: z.iso.datetime(),
    status: z.enum(['Active', 'Expired']),
    payment_amount: z.number().int(),
    currency: z.string(),
  })
  .meta({ id: 'PremiumSubscription' });
export type PremiumSubscription = z.infer<typeof premiumSubscriptionSchema>;

export const orderSchema = z
  .object({
    id: z.number().int(),
    status: orderStatusSchema,
    plan: planSchema,
    units: z.number().int(),
    amount: z.number().int(),
    currency: z.string(),
    /** The subscription the payment created, once paid. */
    subscription: premiumSubscriptionSchema.nullable(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;

const tag = 'premium';

export const premiumEndpoints = {
  subscriptions: endpoint({
    method: 'GET',
    path: '/vocapremiumsubscription/',
    access: 'user',
    summary: "The user's premium subscriptions",
    tag,
    status: 200,
    response: z.array(premiumSubscriptionSchema),
  }),
};
