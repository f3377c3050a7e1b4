import type { UiLanguage } from '@vocagarden/contract';

/**
 * A payment provider (decision 012): where the browser goes to pay, and, for a real provider, its
 * authenticated word on whether a checkout was paid. Providers know nothing of orders or plans;
 * the premium service compares what they report with the order and grants.
 */
export type PaymentProvider = SandboxProvider | IyzicoProvider;

export interface CheckoutRequest {
  orderId: number;
  /** Minor units (kuruş). */
  amount: number;
  currency: string;
  /** What is bought, as the provider's page shows it: "VocaGarden Premium — Month 3". */
  description: string;
  buyer: Buyer;
}

export interface Buyer {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  language: UiLanguage;
  /** The browser's address, which card schemes want for fraud checks. */
  ip: string;
  registeredAt: Date;
  lastSeenAt: Date | null;
}

export interface CheckoutStarted {
  /** A path of the web app (sandbox) or the provider's https page. */
  redirectUrl: string;
  /** The provider's handle on this checkout, which its reports and notifications name. */
  token: string | null;
}

/** The built-in test provider: the web app's own page says "paid" or "declined". */
export interface SandboxProvider {
  readonly name: 'sandbox';
  start(request: CheckoutRequest): Promise<CheckoutStarted>;
}

/** What iyzico reports about a checkout, once its signature has been checked. */
export interface PaymentReport {
  token: string;
  /** iyzico's paymentStatus is SUCCESS. */
  succeeded: boolean;
  paymentStatus: string;
  /** Minor units; null when the report has no paid price or a price with fractions of a kuruş. */
  paidAmount: number | null;
  currency: string | null;
  /** The basket id we gave at the start: our order id. */
  basketId: string | null;
  /** iyzico's paymentId. */
  reference: string | null;
}

export type VerifiedReport = { verified: true; report: PaymentReport } | { verified: false; reason: string };

/** The fields of iyzico's hosted-page notification that X-IYZ-SIGNATURE-V3 signs. */
export interface IyzicoNotification {
  iyziEventType?: string | undefined;
  iyziPaymentId?: string | number | undefined;
  token?: string | undefined;
  paymentConversationId?: string | undefined;
  status?: string | undefined;
}

export interface IyzicoProvider {
  readonly name: 'iyzico';
  start(request: CheckoutRequest): Promise<CheckoutStarted>;
  /** Asks iyzico how the checkout ended and checks the answer's signature. */
  report(token: string, orderId: number): Promise<VerifiedReport>;
  /** Whether a notification carries iyzico's signature (X-IYZ-SIGNATURE-V3). */
  verifyNotification(signature: string | undefined, notification: IyzicoNotification): boolean;
}

/**
 * The provider could not be reached or refused to start: nothing was charged. Its message names
 * only the kind of failure (never a key, a token or card data), so it may be logged.
 */
export class PaymentUnavailableError extends Error {
  override readonly name = 'PaymentUnavailableError';
}
