import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { idParamSchema, idSchema, textSchema } from './primitives.ts';

/** Money is integer minor units plus a currency; prices are in Turkish lira (kuruş). */
export const CURRENCY = 'TRY';

export const planUnitSchema = z.enum(['week', 'month']);
export type PlanUnit = z.infer<typeof planUnitSchema>;

/** How many units a learner may buy at once (spec §9: Week 1–100, Month 1–150). */
export const PLAN_UNIT_LIMITS: Record<PlanUnit, number> = { week: 100, month: 150 };

/** The smallest number of units an order may buy. */
export const MIN_PLAN_UNITS = 1;

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

/**
 * What the browser may say when it starts paying: which plan and how many units. Nothing else is
 * read (an `amount` is dropped): the server computes the price. Units above the plan's own limit
 * (100 weeks) are refused by the server with a field error.
 */
export const checkoutBodySchema = z
  .object({
    plan_id: idSchema,
    units: z
      .number()
      .int()
      .min(MIN_PLAN_UNITS)
      .max(Math.max(...Object.values(PLAN_UNIT_LIMITS))),
  })
  .meta({ id: 'Checkout' });

export const checkoutSchema = z
  .object({
    order_id: z.number().int(),
    /**
     * Where the browser goes to pay: a path of the web app for the sandbox (`/premium/sandbox/{id}`),
     * or the provider's https page (iyzico's paymentPageUrl).
     */
    redirect_url: z.string(),
  })
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
    created_at: z.iso.datetime(),
    paid_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;

/**
 * iyzico's payment notification in its hosted-page (Checkout Form) shape; X-IYZ-SIGNATURE-V3 signs
 * iyziEventType, iyziPaymentId, token, paymentConversationId and status (decision 012).
 */
export const iyzicoNotificationSchema = z
  .object({
    iyziEventType: textSchema(100).optional(),
    iyziEventTime: z.number().optional(),
    iyziReferenceCode: textSchema(200).optional(),
    iyziPaymentId: z.union([textSchema(100), z.number().int()]).optional(),
    token: textSchema(200).optional(),
    paymentConversationId: textSchema(200).optional(),
    status: textSchema(50).optional(),
  })
  .loose()
  .meta({ id: 'IyzicoNotification' });

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
  plans: endpoint({
    method: 'GET',
    path: '/premium/plans/',
    access: 'public',
    summary: 'Plans with the live offer, and the word packs',
    tag,
    status: 200,
    response: premiumCatalogueSchema,
  }),
  checkout: endpoint({
    method: 'POST',
    path: '/premium/checkout/',
    access: 'user',
    summary: 'Start paying for a plan; the server computes the amount',
    tag,
    body: checkoutBodySchema,
    status: 201,
    response: checkoutSchema,
    errors: [404, 429, 503],
  }),
  order: endpoint({
    method: 'GET',
    path: '/premium/orders/:id/',
    access: 'user',
    summary: 'An order of mine and what it bought',
    tag,
    params: z.object({ id: idParamSchema }),
    status: 200,
    response: orderSchema,
    errors: [404],
  }),
  sandboxOutcome: endpoint({
    method: 'POST',
    path: '/premium/sandbox/:orderId/',
    access: 'user',
    summary: "The sandbox checkout's Pay and Decline (404 unless the sandbox provider is on)",
    tag,
    params: z.object({ orderId: idParamSchema }),
    body: z.object({ outcome: z.enum(['paid', 'declined']) }),
    status: 200,
    response: orderSchema,
    errors: [404, 409],
  }),
  iyzicoCallback: endpoint({
    method: 'POST',
    path: '/premium/iyzico/callback/',
    access: 'public',
    summary:
      "iyzico's Checkout Form posts the browser back here (form-encoded); redirects to /premium/success or /premium/error (404 unless iyzico is the provider)",
    tag,
    body: z.object({ token: textSchema(200) }).loose(),
    status: 302,
    response: z.string(),
    errors: [404],
  }),
  iyzicoWebhook: endpoint({
    method: 'POST',
    path: '/premium/iyzico/webhook/',
    access: 'public',
    summary: "iyzico's payment notification (X-IYZ-SIGNATURE-V3), in case the browser never comes back",
    tag,
    body: iyzicoNotificationSchema,
    status: 200,
    response: z.object({ detail: z.string() }),
    errors: [403, 404, 503],
  }),
};
