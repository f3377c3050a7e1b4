import { API_BASE, premiumEndpoints } from '@vocagarden/contract';
import { iyzicoProvider } from './iyzico.ts';
import type { PaymentProvider } from './provider.ts';
import { sandboxProvider } from './sandbox.ts';

export type { PaymentProvider } from './provider.ts';

/** PAYMENT_PROVIDER and its settings, as config.ts validated them. */
export interface PaymentConfig {
  PAYMENT_PROVIDER?: 'sandbox' | 'iyzico' | undefined;
  IYZIPAY_API_KEY?: string | undefined;
  IYZIPAY_SECRET_KEY?: string | undefined;
  IYZIPAY_URI?: string | undefined;
}

/** The API path iyzico posts the browser back to, under PUBLIC_URL. */
export const IYZICO_CALLBACK_PATH = `${API_BASE}${premiumEndpoints.iyzicoCallback.path}`;

/** The configured provider; the sandbox when none is named (config.ts refuses that in production). */
export function createPaymentProvider(config: PaymentConfig, publicUrl: string): PaymentProvider {
  if (config.PAYMENT_PROVIDER !== 'iyzico') return sandboxProvider();
  if (!config.IYZIPAY_API_KEY || !config.IYZIPAY_SECRET_KEY || !config.IYZIPAY_URI) {
    throw new Error('PAYMENT_PROVIDER=iyzico needs IYZIPAY_API_KEY, IYZIPAY_SECRET_KEY and IYZIPAY_URI');
  }
  return iyzicoProvider({
    apiKey: config.IYZIPAY_API_KEY,
    secretKey: config.IYZIPAY_SECRET_KEY,
    uri: config.IYZIPAY_URI,
    callbackUrl: `${publicUrl.replace(/\/$/, '')}${IYZICO_CALLBACK_PATH}`,
  });
}
