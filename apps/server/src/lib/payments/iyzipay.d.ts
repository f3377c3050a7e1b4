/**
 * The part of iyzico's official SDK (iyzipay, CommonJS, no types of its own) that we call. The
 * community @types/iyzipay does not match the SDK (locales, paymentPageUrl, signature), so the
 * shapes here follow the SDK's sources and samples (node_modules/iyzipay/samples/IyzipaySamples.js).
 */
declare module 'iyzipay' {
  namespace Iyzipay {
    interface IyzipayOptions {
      apiKey: string;
      secretKey: string;
      /** Base URL, e.g. https://sandbox-api.iyzipay.com (tests point it at a fake on loopback). */
      uri: string;
    }

    type Callback<T> = (error: Error | null, result: T | undefined) => void;

    /** Every answer has these; failures carry errorCode and errorMessage instead of the payload. */
    interface IyzipayAnswer {
      status?: string;
      errorCode?: string;
      errorMessage?: string;
      locale?: string;
      systemTime?: number;
      conversationId?: string;
      signature?: string;
    }

    interface CheckoutFormInitializeAnswer extends IyzipayAnswer {
      token?: string;
      paymentPageUrl?: string;
      checkoutFormContent?: string;
      tokenExpireTime?: number;
    }

    interface CheckoutFormAnswer extends IyzipayAnswer {
      token?: string;
      paymentStatus?: string;
      paymentId?: string;
      price?: number | string;
      paidPrice?: number | string;
      currency?: string;
      basketId?: string;
    }
  }

  class Iyzipay {
    constructor(options: Iyzipay.IyzipayOptions);
    checkoutFormInitialize: {
      create(request: object, callback: Iyzipay.Callback<Iyzipay.CheckoutFormInitializeAnswer>): void;
    };
    checkoutForm: { retrieve(request: object, callback: Iyzipay.Callback<Iyzipay.CheckoutFormAnswer>): void };
  }

  export = Iyzipay;
}
