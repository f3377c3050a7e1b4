import type { Order, PremiumCatalogue, User } from '@vocagarden/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_IYZICO_KEYS, startFakeIyzico, type FakeIyzico } from '../../../test/fake-iyzico.ts';
import { signUp } from '../../../test/factories.ts';
import { createTestApp, lastMail, request, testDatabase } from '../../../test/test-app.ts';
import { orders, premiumSubscriptions } from '../../db/schema.ts';

/**
 * iyzico's Checkout Form end to end against a fake iyzico on loopback that signs as iyzico does:
 * the official SDK talks to it, the browser's return (callback) and iyzico's notification
 * (webhook) are injected as iyzico would send them.
 */

let fake: FakeIyzico;
let app: FastifyInstance;
beforeAll(async () => {
  fake = await startFakeIyzico();
  app = await createTestApp({
    payments: { PAYMENT_PROVIDER: 'iyzico', ...keys(), IYZIPAY_URI: fake.uri },
  });
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

function keys() {
  return { IYZIPAY_API_KEY: FAKE_IYZICO_KEYS.apiKey, IYZIPAY_SECRET_KEY: FAKE_IYZICO_KEYS.secretKey };
}

const call = (method: InjectOptions['method'], url: string, token?: string, payload?: object) =>
  request(app, { method, url: `/cyberapi/${url}`, token, ...(payload ? { payload } : {}) });

/** The browser, posted back by iyzico's form. */
const callback = (token: string) =>
  request(app, {
    method: 'POST',
    url: '/cyberapi/premium/iyzico/callback/',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
    payload: new URLSearchParams({ token }).toString(),
  });

/** iyzico's server, notifying. */
const notify = (body: object, signature?: string) =>
  request(app, {
    method: 'POST',
    url: '/cyberapi/premium/iyzico/webhook/',
    headers: signature === undefined ? {} : { 'x-iyz-signature-v3': signature },
    payload: body,
  });

async function startCheckout(unit: 'week' | 'month' = 'month', units = 2) {
  const learner = await signUp(app, { first_name: 'Ayla', last_name: 'Demir' });
  const catalogue = (await call('GET', 'premium/plans/')).json() as PremiumCatalogue;
  const plan = catalogue.plans.find((candidate) => candidate.unit === unit)!;
  const started = await call('POST', 'premium/checkout/', learner.token, { plan_id: plan.id, units });
  expect(started.statusCode, started.body).toBe(201);
  const { order_id, redirect_url } = started.json() as { order_id: number; redirect_url: string };
  const token = new URL(redirect_url).searchParams.get('token')!;
  return {
    ...learner,
    plan,
    orderId: order_id,
    redirectUrl: redirect_url,
    formToken: token,
    amount: plan.unit_price * units,
  };
}

const orderOf = async (token: string, id: number) =>
  (await call('GET', `premium/orders/${id}/`, token)).json() as Order;

async function subscriptionCount(userId: number) {
  const { db } = await testDatabase();
  return (await db.select().from(premiumSubscriptions).where(eq(premiumSubscriptions.userId, userId))).length;
}

describe('checkout with iyzico', () => {
  it("opens iyzico's payment page for the amount the server computed, for this order", async () => {
    const checkout = await startCheckout('month', 2);
    expect(checkout.redirectUrl).toMatch(/^https:\/\/sandbox-cpp\.iyzipay\.com\?token=/);
    const sent = fake.form(checkout.formToken).request;
    const lira = `${Math.floor(checkout.amount / 100)}.${String(checkout.amount % 100).padStart(2, '0')}`;
    expect(Number(sent.price)).toBe(Number(lira));
    expect(sent.paidPrice).toBe(sent.price);
    expect(sent).toMatchObject({
      currency: 'TRY',
      basketId: String(checkout.orderId),
      conversationId: String(checkout.orderId),
      callbackUrl: 'http://vocagarden.test/cyberapi/premium/iyzico/callback/',
      locale: 'en',
      paymentGroup: 'PRODUCT',
    });
    expect(sent.buyer).toMatchObject({
      id: String(checkout.user.id),
      name: 'Ayla',
      surname: 'Demir',
      email: checkout.user.email,
      identityNumber: '11111111111',
    });
    expect(sent.basketItems).toEqual([
      expect.objectContaining({ name: 'VocaGarden Premium — Month 2', itemType: 'VIRTUAL', price: sent.price }),
    ]);
    expect(await orderOf(checkout.token, checkout.orderId)).toMatchObject({
      status: 'pending',
      amount: checkout.amount,
    });
  });

  it('grants premium when the callback brings a verified success, and sends the receipt', async () => {
    const checkout = await startCheckout('month', 2);
    fake.complete(checkout.formToken, 'SUCCESS');
    const back = await callback(checkout.formToken);
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`/premium/success?order=${checkout.orderId}`);
    const order = await orderOf(checkout.token, checkout.orderId);
    expect(order).toMatchObject({ status: 'paid', subscription: { plan: 'Month 2', payment_amount: checkout.amount } });
    const { db } = await testDatabase();
    const [row] = await db.select().from(orders).where(eq(orders.id, checkout.orderId));
    expect(row!.providerReference).toMatch(/^\d+$/);
    expect(((await call('GET', 'profile/', checkout.token)).json() as User).is_premium).toBe(true);
    expect((await lastMail(app, checkout.user.email)).subject).toBe('Your VocaGarden Premium receipt');
  });

  it('fails the order on a verified decline and grants nothing', async () => {
    const checkout = await startCheckout('week', 1);
    fake.complete(checkout.formToken, 'FAILURE');
    const back = await callback(checkout.formToken);
    expect(back.headers.location).toBe(`/premium/error?order=${checkout.orderId}`);
    expect(await orderOf(checkout.token, checkout.orderId)).toMatchObject({ status: 'failed', subscription: null });
    expect(await subscriptionCount(checkout.user.id)).toBe(0);
  });

  it('trusts no answer with a wrong signature: the order stays pending', async () => {
    const checkout = await startCheckout();
    fake.complete(checkout.formToken, 'SUCCESS');
    fake.tamper(checkout.formToken, {
      change: (answer) => void (answer.signature = 'ab'.repeat(32)),
      resign: false,
    });
    const back = await callback(checkout.formToken);
    expect(back.headers.location).toBe(`/premium/error?order=${checkout.orderId}`);
    expect(await orderOf(checkout.token, checkout.orderId)).toMatchObject({ status: 'pending' });
    expect(await subscriptionCount(checkout.user.id)).toBe(0);
  });

  it('refuses an amount changed in transit (signature broken) and a signed amount that is not ours', async () => {
    const checkout = await startCheckout();
    fake.complete(checkout.formToken, 'SUCCESS');
    fake.tamper(checkout.formToken, { change: (answer) => void (answer.paidPrice = 1), resign: false });
    expect((await callback(checkout.formToken)).headers.location).toMatch(/^\/premium\/error/);
    for (const change of [
      (answer: Record<string, unknown>) => void (answer.paidPrice = 1),
      (answer: Record<string, unknown>) => void (answer.currency = 'USD'),
      (answer: Record<string, unknown>) => void (answer.basketId = '999999'),
    ]) {
      fake.tamper(checkout.formToken, { change, resign: true });
      expect((await callback(checkout.formToken)).headers.location).toBe(`/premium/error?order=${checkout.orderId}`);
    }
    expect(await orderOf(checkout.token, checkout.orderId)).toMatchObject({ status: 'pending' });
    expect(await subscriptionCount(checkout.user.id)).toBe(0);
  });

  it('answers a replayed callback with the success page, granting once', async () => {
    const checkout = await startCheckout();
    fake.complete(checkout.formToken, 'SUCCESS');
    await callback(checkout.formToken);
    const retrieves = fake.calls.retrieve;
    for (let replay = 0; replay < 3; replay += 1) {
      expect((await callback(checkout.formToken)).headers.location).toBe(`/premium/success?order=${checkout.orderId}`);
    }
    expect(fake.calls.retrieve).toBe(retrieves);
    expect(await subscriptionCount(checkout.user.id)).toBe(1);
  });

  it('reads form-encoded bodies on the callback only', async () => {
    const { token } = await signUp(app);
    const form = await request(app, {
      method: 'POST',
      url: '/cyberapi/premium/checkout/',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Token ${token}` },
      payload: 'plan_id=1&units=1',
    });
    expect(form.statusCode).toBe(415);
    const missing = await request(app, {
      method: 'POST',
      url: '/cyberapi/premium/iyzico/callback/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'other=1',
    });
    expect(missing.statusCode).toBe(400);
  });

  it('sends an unknown token to the error page', async () => {
    const back = await callback('0f7a4d6e-0000-4000-8000-000000000000');
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/premium/error');
  });

  it('answers 503 and fails the order when iyzico cannot start a checkout', async () => {
    const learner = await signUp(app);
    const catalogue = (await call('GET', 'premium/plans/')).json() as PremiumCatalogue;
    fake.setDown(true);
    try {
      const started = await call('POST', 'premium/checkout/', learner.token, {
        plan_id: catalogue.plans[0]!.id,
        units: 1,
      });
      expect(started.statusCode).toBe(503);
      expect(started.json()).toMatchObject({ code: 'payment_unavailable' });
    } finally {
      fake.setDown(false);
    }
    const { db } = await testDatabase();
    const [row] = await db.select().from(orders).where(eq(orders.userId, learner.user.id));
    expect(row).toMatchObject({ status: 'failed', failureReason: 'provider_unavailable' });
  });

  it('answers 404 to the sandbox page while iyzico takes payments', async () => {
    const checkout = await startCheckout();
    const pay = await call('POST', `premium/sandbox/${checkout.orderId}/`, checkout.token, { outcome: 'paid' });
    expect(pay.statusCode).toBe(404);
  });
});

describe("iyzico's notification (webhook)", () => {
  it('grants premium even if the browser never comes back', async () => {
    const checkout = await startCheckout();
    fake.complete(checkout.formToken, 'SUCCESS');
    const { body, signature } = fake.notification(checkout.formToken);
    const notified = await notify(body, signature);
    expect(notified.statusCode).toBe(200);
    expect(notified.json()).toEqual({ detail: 'paid' });
    expect(await orderOf(checkout.token, checkout.orderId)).toMatchObject({ status: 'paid' });
    // The browser comes back afterwards: success, still one subscription.
    expect((await callback(checkout.formToken)).headers.location).toBe(`/premium/success?order=${checkout.orderId}`);
    expect((await notify(body, signature)).json()).toEqual({ detail: 'paid' });
    expect(await subscriptionCount(checkout.user.id)).toBe(1);
  });

  it('refuses a notification without a valid X-IYZ-SIGNATURE-V3 with 403, changing nothing', async () => {
    const checkout = await startCheckout();
    fake.complete(checkout.formToken, 'SUCCESS');
    const { body, signature } = fake.notification(checkout.formToken);
    const oneDigitOff = (signature[0] === '0' ? '1' : '0') + signature.slice(1);
    for (const forged of [undefined, '', 'cd'.repeat(32), oneDigitOff, `${signature}00`]) {
      expect((await notify(body, forged)).statusCode).toBe(403);
    }
    // A valid signature over other values does not cover these.
    expect((await notify({ ...body, status: 'FAILURE' }, signature)).statusCode).toBe(403);
    expect((await notify({ ...body, token: 'another-token' }, signature)).statusCode).toBe(403);
    expect(await orderOf(checkout.token, checkout.orderId)).toMatchObject({ status: 'pending' });
  });

  it('leaves the order alone on a declined attempt (the learner may retry on the same form)', async () => {
    const checkout = await startCheckout();
    fake.complete(checkout.formToken, 'FAILURE');
    const declined = fake.notification(checkout.formToken);
    expect((await notify(declined.body, declined.signature)).json()).toEqual({ detail: 'failed' });
    expect(await orderOf(checkout.token, checkout.orderId)).toMatchObject({ status: 'pending' });
    fake.complete(checkout.formToken, 'SUCCESS');
    const paid = fake.notification(checkout.formToken);
    expect((await notify(paid.body, paid.signature)).json()).toEqual({ detail: 'paid' });
    expect(await subscriptionCount(checkout.user.id)).toBe(1);
  });

  it('acknowledges a checkout it does not know, and asks for a retry while iyzico is unreachable', async () => {
    const stranger = fake.notification((await startCheckout()).formToken);
    const unknown = { ...stranger.body, token: 'f0000000-0000-4000-8000-000000000000' };
    const { createHmac } = await import('node:crypto');
    const secret = FAKE_IYZICO_KEYS.secretKey;
    const signature = createHmac('sha256', secret)
      .update(
        `${secret}${unknown.iyziEventType}${unknown.iyziPaymentId}${unknown.token}${unknown.paymentConversationId}${unknown.status}`,
      )
      .digest('hex');
    expect((await notify(unknown, signature)).json()).toEqual({ detail: 'ignored' });

    const checkout = await startCheckout();
    fake.complete(checkout.formToken, 'SUCCESS');
    const { body, signature: valid } = fake.notification(checkout.formToken);
    fake.setDown(true);
    try {
      expect((await notify(body, valid)).statusCode).toBe(503);
    } finally {
      fake.setDown(false);
    }
    expect((await notify(body, valid)).json()).toEqual({ detail: 'paid' });
  });

  it('grants once when the notification and the callback race', async () => {
    const checkout = await startCheckout();
    fake.complete(checkout.formToken, 'SUCCESS');
    const { body, signature } = fake.notification(checkout.formToken);
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => callback(checkout.formToken)),
      ...Array.from({ length: 5 }, () => notify(body, signature)),
    ]);
    for (const answer of answers.slice(0, 5)) {
      expect(answer.headers.location).toBe(`/premium/success?order=${checkout.orderId}`);
    }
    for (const answer of answers.slice(5)) expect(answer.json()).toEqual({ detail: 'paid' });
    expect(await subscriptionCount(checkout.user.id)).toBe(1);
  });
});
