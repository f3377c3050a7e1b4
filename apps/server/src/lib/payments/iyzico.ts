import { createHmac, timingSafeEqual } from 'node:crypto';
import Iyzipay from 'iyzipay';
import {
  PaymentUnavailableError,
  type Buyer,
  type CheckoutRequest,
  type IyzicoNotification,
  type IyzicoProvider,
  type VerifiedReport,
} from './provider.ts';

/**
 * iyzico's Checkout Form through its official SDK (decision 012). Every answer we act on is
 * authenticated: iyzico signs its responses with HMAC-SHA256 over named fields joined by ':'
 * (hex, keyed with the merchant's secret key), and its notifications with X-IYZ-SIGNATURE-V3.
 */
export interface IyzicoOptions {
  apiKey: string;
  secretKey: string;
  /** https://api.iyzipay.com (live) or https://sandbox-api.iyzipay.com. */
  uri: string;
  /** Where iyzico posts the browser back: {PUBLIC_URL}/cyberapi/premium/iyzico/callback/. */
  callbackUrl: string;
  /** How long one call to iyzico may take before checkout gives up. */
  timeoutMs?: number;
}

/** The fields iyzico's Checkout Form answers sign, in order (iyzipay's samples, iyzico's docs). */
export const INITIALIZE_SIGNED_FIELDS = ['conversationId', 'token'] as const;
export const RETRIEVE_SIGNED_FIELDS = [
  'paymentStatus',
  'paymentId',
  'currency',
  'basketId',
  'conversationId',
  'paidPrice',
  'price',
  'token',
] as const;

/** HMAC-SHA256 (hex) of the values joined by ':', as iyzipay's calculateHmacSHA256Signature. */
export function responseSignature(values: readonly unknown[], secretKey: string): string {
  return createHmac('sha256', secretKey).update(values.join(':')).digest('hex');
}

/**
 * X-IYZ-SIGNATURE-V3 of a hosted-page (Checkout Form) notification: HMAC-SHA256 (hex) keyed with
 * the secret key, over secretKey + iyziEventType + iyziPaymentId + token + paymentConversationId
 * + status (iyzico's webhook docs; their WooCommerce plugin computes it the same way).
 */
export function notificationSignature(notification: IyzicoNotification, secretKey: string): string {
  const message = [
    secretKey,
    notification.iyziEventType ?? '',
    notification.iyziPaymentId ?? '',
    notification.token ?? '',
    notification.paymentConversationId ?? '',
    notification.status ?? '',
  ].join('');
  return createHmac('sha256', secretKey).update(message).digest('hex');
}

/** Compares two hex signatures in constant time; anything not a 64-digit hex string fails. */
function sameSignature(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || !/^[0-9a-fA-F]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

/** Kuruş as iyzico writes lira: 11990 → "119.90". */
export function liraText(amount: number): string {
  return `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;
}

/** iyzico's price (a number or text in lira) in kuruş; null unless it is a whole number of kuruş. */
export function kurusOf(price: unknown): number | null {
  const value =
    typeof price === 'number' ? price : typeof price === 'string' && price.trim() !== '' ? Number(price) : NaN;
  if (!Number.isFinite(value) || value < 0) return null;
  const kurus = Math.round(value * 100);
  return Math.abs(kurus - value * 100) < 1e-6 ? kurus : null;
}

/** iyzico's date format for buyers: "2015-10-05 12:43:35" (UTC here). */
const iyzicoDate = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

/** Names as the learner typed them, without control characters, within iyzico's field sizes. */
function cleanName(name: string, fallback: string): string {
  const cleaned = name
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, 50);
  return cleaned === '' ? fallback : cleaned;
}

/**
 * iyzico requires an identity number, an address, a city and a country for every buyer. We sell
 * a digital service and collect none of these, so fixed placeholders stand in (decision 012).
 */
const PLACEHOLDER = {
  identityNumber: '11111111111',
  address: 'Online service, no address collected',
  city: 'Istanbul',
  country: 'Turkey',
};

function buyerOf(buyer: Buyer) {
  const name = cleanName(buyer.firstName, 'VocaGarden');
  const surname = cleanName(buyer.lastName, 'Learner');
  return {
    buyer: {
      id: String(buyer.id),
      name,
      surname,
      email: buyer.email,
      identityNumber: PLACEHOLDER.identityNumber,
      registrationDate: iyzicoDate(buyer.registeredAt),
      ...(buyer.lastSeenAt ? { lastLoginDate: iyzicoDate(buyer.lastSeenAt) } : {}),
      registrationAddress: PLACEHOLDER.address,
      ip: buyer.ip,
      city: PLACEHOLDER.city,
      country: PLACEHOLDER.country,
    },
    billingAddress: {
      contactName: `${name} ${surname}`,
      city: PLACEHOLDER.city,
      country: PLACEHOLDER.country,
      address: PLACEHOLDER.address,
    },
  };
}

export function iyzicoProvider(options: IyzicoOptions): IyzicoProvider {
  const client = new Iyzipay({ apiKey: options.apiKey, secretKey: options.secretKey, uri: options.uri });
  const timeoutMs = options.timeoutMs ?? 20_000;

  /** One SDK call as a promise that gives up after the timeout; a missing answer is a failure. */
  function callIyzico<T>(
    what: string,
    invoke: (callback: (error: Error | null, result: T | undefined) => void) => void,
  ) {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new PaymentUnavailableError(`iyzico ${what}: no answer in time`)),
        timeoutMs,
      );
      invoke((error, result) => {
        clearTimeout(timer);
        if (error) reject(new PaymentUnavailableError(`iyzico ${what}: ${error.name} (unreachable)`));
        else if (!result || typeof result !== 'object')
          reject(new PaymentUnavailableError(`iyzico ${what}: no answer`));
        else resolve(result);
      });
    });
  }

  const signed = (answer: object, fields: readonly string[]) =>
    sameSignature(
      responseSignature(
        fields.map((field) => (answer as Record<string, unknown>)[field]),
        options.secretKey,
      ),
      (answer as { signature?: unknown }).signature,
    );

  return {
    name: 'iyzico',

    async start(request: CheckoutRequest) {
      const price = liraText(request.amount);
      const conversationId = String(request.orderId);
      const answer = await callIyzico<Iyzipay.CheckoutFormInitializeAnswer>('checkout form initialize', (callback) =>
        client.checkoutFormInitialize.create(
          {
            // iyzico's form speaks Turkish and English; Azerbaijani speakers read Turkish best.
            locale: request.buyer.language === 'tr' || request.buyer.language === 'az' ? 'tr' : 'en',
            conversationId,
            price,
            paidPrice: price,
            currency: request.currency,
            basketId: conversationId,
            paymentGroup: 'PRODUCT',
            callbackUrl: options.callbackUrl,
            enabledInstallments: [1],
            ...buyerOf(request.buyer),
            basketItems: [
              {
                id: `premium-${request.orderId}`,
                name: request.description,
                category1: 'Education',
                itemType: 'VIRTUAL',
                price,
              },
            ],
          },
          callback,
        ),
      );
      if (answer.status !== 'success') {
        throw new PaymentUnavailableError(`iyzico checkout form initialize refused (error ${answer.errorCode ?? '?'})`);
      }
      if (!signed(answer, INITIALIZE_SIGNED_FIELDS) || answer.conversationId !== conversationId) {
        throw new PaymentUnavailableError('iyzico checkout form initialize: the answer is not signed for this order');
      }
      const page = answer.paymentPageUrl && URL.canParse(answer.paymentPageUrl) ? new URL(answer.paymentPageUrl) : null;
      if (!answer.token || !page || page.protocol !== 'https:') {
        throw new PaymentUnavailableError('iyzico checkout form initialize: no https payment page');
      }
      return { redirectUrl: answer.paymentPageUrl!, token: answer.token };
    },

    async report(token: string, orderId: number): Promise<VerifiedReport> {
      const answer = await callIyzico<Iyzipay.CheckoutFormAnswer>('checkout form retrieve', (callback) =>
        client.checkoutForm.retrieve({ locale: 'tr', conversationId: String(orderId), token }, callback),
      );
      if (answer.status !== 'success')
        return { verified: false, reason: `retrieve refused (error ${answer.errorCode ?? '?'})` };
      if (!signed(answer, RETRIEVE_SIGNED_FIELDS)) return { verified: false, reason: 'signature mismatch' };
      return {
        verified: true,
        report: {
          token: answer.token ?? '',
          succeeded: answer.paymentStatus === 'SUCCESS',
          paymentStatus: answer.paymentStatus ?? '',
          paidAmount: kurusOf(answer.paidPrice),
          currency: answer.currency ?? null,
          basketId: answer.basketId ?? null,
          reference: answer.paymentId ? String(answer.paymentId) : null,
        },
      };
    },

    verifyNotification(signature, notification) {
      return sameSignature(notificationSignature(notification, options.secretKey), signature);
    },
  };
}
