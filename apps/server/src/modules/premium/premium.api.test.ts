import {
  PLAN_UNIT_LIMITS,
  priceFor,
  type Order,
  type PremiumCatalogue,
  type PremiumSubscription,
  type User,
} from '@vocagarden/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SAMPLE, seedSampleContent } from '../../../test/content-fixture.ts';
import { signUp } from '../../../test/factories.ts';
import { createTestApp, lastMail, request, TestClock, testDatabase, testMail } from '../../../test/test-app.ts';
import { queryRows } from '../../db/client.ts';
import { offers, orders, plans, premiumSubscriptions, users } from '../../db/schema.ts';
import { REMINDER_LEAD_MS } from './plan-dates.ts';
import { remindPlanEnding } from './plan-reminders.ts';
import { premiumRepository } from './premium.repository.ts';
import { PLAN_SEED } from './premium.service.ts';
import { linkSigner } from '../../lib/signed-links.ts';

const DAY = 24 * 60 * 60 * 1000;
const onPostgres = inject('databaseUrl') !== undefined;

type App = FastifyInstance;
const call = (app: App, method: InjectOptions['method'], url: string, token?: string, payload?: unknown) =>
  request(app, {
    method,
    url: `/cyberapi/${url}`,
    token,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function catalogue(app: App): Promise<PremiumCatalogue> {
  const response = await call(app, 'GET', 'premium/plans/');
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function planOf(app: App, unit: 'week' | 'month') {
  return (await catalogue(app)).plans.find((plan) => plan.unit === unit)!;
}

async function checkout(app: App, token: string, unit: 'week' | 'month', units: number) {
  const plan = await planOf(app, unit);
  const response = await call(app, 'POST', 'premium/checkout/', token, { plan_id: plan.id, units });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { order_id: number; redirect_url: string };
}

async function buy(app: App, token: string, unit: 'week' | 'month', units: number): Promise<Order> {
  const { order_id } = await checkout(app, token, unit, units);
  const paid = await call(app, 'POST', `premium/sandbox/${order_id}/`, token, { outcome: 'paid' });
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json();
}

const profile = async (app: App, token: string) => (await call(app, 'GET', 'profile/', token)).json() as User;
const subscriptions = async (app: App, token: string) =>
  (await call(app, 'GET', 'vocapremiumsubscription/', token)).json() as PremiumSubscription[];

/** Sets a test clock to a moment (tests move it instead of waiting). */
function setClock(clock: TestClock, iso: string) {
  clock.advance(new Date(iso).getTime() - clock.now().getTime());
}

let app: App;
const clock = new TestClock();
beforeAll(async () => {
  app = await createTestApp({ clock });
  await seedSampleContent((await testDatabase()).db);
});
afterAll(() => app.close());

describe('the plan catalogue', () => {
  it('is seeded from plans.json and lists the active plans, the live offer and the word packs, to anyone', async () => {
    const { db } = await testDatabase();
    const seeded = await db.select().from(plans);
    for (const plan of PLAN_SEED) expect(seeded.map((row) => row.key)).toContain(plan.key);

    const answer = await catalogue(app);
    expect(answer.plans.map((plan) => [plan.unit, plan.currency, plan.max_units])).toEqual([
      ['week', 'TRY', PLAN_UNIT_LIMITS.week],
      ['month', 'TRY', PLAN_UNIT_LIMITS.month],
    ]);
    for (const plan of answer.plans) expect(plan.unit_price).toBeGreaterThanOrEqual(100);
    expect(answer.offer).toBeNull();

    const [counts] = await queryRows<{ free: number; all: number }>(
      db,
      sql`SELECT (SELECT count(DISTINCT w)::int FROM bulletins, unnest(word_ids) w
                  WHERE owner_id IS NULL AND NOT is_premium) AS free,
                 (SELECT count(*)::int FROM vocas) AS all`,
    );
    expect(answer.packs).toEqual({ free_words: counts!.free, all_words: counts!.all });
    expect(answer.packs.free_words).toBeGreaterThanOrEqual(60);
    expect(answer.packs.all_words).toBeGreaterThan(answer.packs.free_words);
  });

  it('seeds missing plans only: a price edited in the database survives the next start', async () => {
    const { db } = await testDatabase();
    const premium = premiumRepository(db);
    const key = `test-${process.pid}-${Date.now()}`;
    const seed = [{ key, unit: 'week' as const, unitPrice: 500, currency: 'TRY', active: false }];
    expect(await premium.seedPlans(seed)).toBe(1);
    await db.update(plans).set({ unitPrice: 750 }).where(eq(plans.key, key));
    expect(await premium.seedPlans(seed)).toBe(0);
    const [row] = await db.select().from(plans).where(eq(plans.key, key));
    expect(row!.unitPrice).toBe(750);
    // Inactive plans are neither listed nor sold.
    expect((await catalogue(app)).plans.map((plan) => plan.id)).not.toContain(row!.id);
    const { token } = await signUp(app);
    const sold = await call(app, 'POST', 'premium/checkout/', token, { plan_id: row!.id, units: 1 });
    expect(sold.statusCode).toBe(404);
  });
});

describe('prices', () => {
  let offerApp: App;
  const offerClock = new TestClock();
  beforeAll(async () => {
    // Far in the future, so no other test (sharing the database) ever sees these offers live.
    offerApp = await createTestApp({ clock: offerClock });
    const { db } = await testDatabase();
    await db.insert(offers).values([
      { discountPercent: 75, startsAt: new Date('2100-01-01T00:00:00Z'), endsAt: new Date('2100-02-01T00:00:00Z') },
      { discountPercent: 90, startsAt: new Date('2100-01-20T00:00:00Z'), endsAt: new Date('2100-01-25T00:00:00Z') },
    ]);
  });
  afterAll(() => offerApp.close());

  it('charges units × unit price without an offer', async () => {
    setClock(offerClock, '2099-12-31T12:00:00Z');
    const { token } = await signUp(offerApp);
    const month = await planOf(offerApp, 'month');
    const { order_id } = await checkout(offerApp, token, 'month', 3);
    const order = (await call(offerApp, 'GET', `premium/orders/${order_id}/`, token)).json() as Order;
    expect(order).toMatchObject({ status: 'pending', units: 3, amount: month.unit_price * 3, currency: 'TRY' });
  });

  it('takes the live offer off every price, the larger discount winning where offers overlap', async () => {
    const { token } = await signUp(offerApp);
    for (const [moment, discount] of [
      ['2100-01-10T00:00:00Z', 75],
      ['2100-01-22T00:00:00Z', 90],
      ['2100-01-31T23:59:00Z', 75],
    ] as const) {
      setClock(offerClock, moment);
      const answer = await catalogue(offerApp);
      expect(answer.offer?.discount_percent).toBe(discount);
      for (const [unit, units] of [
        ['week', 1],
        ['week', 7],
        ['month', 5],
      ] as const) {
        const plan = answer.plans.find((candidate) => candidate.unit === unit)!;
        const { order_id } = await checkout(offerApp, token, unit, units);
        const order = (await call(offerApp, 'GET', `premium/orders/${order_id}/`, token)).json() as Order;
        expect(order.amount).toBe(priceFor(plan.unit_price, units, discount));
        expect(order.amount).toBeLessThan(plan.unit_price * units);
      }
    }
    setClock(offerClock, '2100-02-01T00:00:00Z');
    expect((await catalogue(offerApp)).offer).toBeNull();
  });
});

describe('checkout refuses tampering', () => {
  it('ignores an amount sent by the browser', async () => {
    const { token } = await signUp(app);
    const week = await planOf(app, 'week');
    const response = await call(app, 'POST', 'premium/checkout/', token, {
      plan_id: week.id,
      units: 2,
      amount: 1,
      unit_price: 1,
      currency: 'USD',
    });
    expect(response.statusCode).toBe(201);
    const order = (await call(app, 'GET', `premium/orders/${response.json().order_id}/`, token)).json() as Order;
    expect(order).toMatchObject({ amount: week.unit_price * 2, currency: 'TRY', units: 2 });
  });

  it('refuses units outside the plan, fractions and unknown plans', async () => {
    const { token } = await signUp(app);
    const week = await planOf(app, 'week');
    const month = await planOf(app, 'month');
    for (const [plan, units] of [
      [month.id, 0],
      [month.id, 151],
      [month.id, 1.5],
      [month.id, '3'],
      [month.id, -1],
      [week.id, 101],
    ] as const) {
      const response = await call(app, 'POST', 'premium/checkout/', token, { plan_id: plan, units });
      expect(response.statusCode, `units ${units}`).toBe(400);
      expect(Object.keys(response.json()).sort()).toEqual(['field_codes', 'units']);
    }
    expect((await call(app, 'POST', 'premium/checkout/', token, { plan_id: 999_999, units: 1 })).statusCode).toBe(404);
    expect((await call(app, 'POST', 'premium/checkout/', undefined, { plan_id: week.id, units: 1 })).statusCode).toBe(
      401,
    );
    // The longest plans are still for sale.
    expect((await call(app, 'POST', 'premium/checkout/', token, { plan_id: week.id, units: 100 })).statusCode).toBe(
      201,
    );
    expect((await call(app, 'POST', 'premium/checkout/', token, { plan_id: month.id, units: 150 })).statusCode).toBe(
      201,
    );
  });

  it('limits how many checkouts one learner starts', async () => {
    const { token } = await signUp(app);
    const week = await planOf(app, 'week');
    const statuses = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push((await call(app, 'POST', 'premium/checkout/', token, { plan_id: week.id, units: 1 })).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(201), 429]);
  });
});

describe('paying in the sandbox', () => {
  it('grants premium: the order, the subscription, the profile and the premium lists', async () => {
    const { token, user } = await signUp(app, { first_name: 'Ayla', native_language_code: 'tr' });
    expect((await call(app, 'GET', `vocabulletins/${SAMPLE.premiumListId}/`, token)).statusCode).toBe(403);
    expect(await profile(app, token)).toMatchObject({ is_premium: false, premium_until: null });

    const started = await checkout(app, token, 'month', 1);
    expect(started.redirect_url).toBe(`/premium/sandbox/${started.order_id}`);
    const before = clock.now();
    const paid = await call(app, 'POST', `premium/sandbox/${started.order_id}/`, token, { outcome: 'paid' });
    expect(paid.statusCode).toBe(200);
    const order = paid.json() as Order;
    const month = await planOf(app, 'month');
    expect(order).toMatchObject({ id: started.order_id, status: 'paid', amount: month.unit_price, units: 1 });
    expect(order.subscription).toMatchObject({
      plan: 'Month 1',
      status: 'Active',
      payment_amount: month.unit_price,
      currency: 'TRY',
    });
    const start = new Date(order.subscription!.start_date);
    expect(Math.abs(start.getTime() - before.getTime())).toBeLessThan(5_000);
    const end = new Date(start);
    end.setUTCMonth(end.getUTCMonth() + 1);
    if (end.getUTCDate() !== start.getUTCDate()) end.setUTCDate(0);
    expect(order.subscription!.end_date).toBe(end.toISOString());

    expect(await subscriptions(app, token)).toEqual([order.subscription]);
    expect(await profile(app, token)).toMatchObject({ is_premium: true, premium_until: order.subscription!.end_date });
    const list = await call(app, 'GET', `vocabulletins/${SAMPLE.premiumListId}/`, token);
    expect(list.statusCode).toBe(200);
    expect((await call(app, 'GET', `premium/orders/${order.id}/`, token)).json()).toEqual(order);

    const receipt = await lastMail(app, user.email);
    expect(receipt.subject).toBe('VocaGarden Premium makbuzun');
    const text = receipt.text.replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain(
      new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY', currencyDisplay: 'narrowSymbol' }).format(
        month.unit_price / 100,
      ),
    );
    expect(text).toContain('1 ay');
    expect(text).toContain(`Sipariş numarası: ${order.id}`);
    expect(text).toContain(String(end.getUTCFullYear()));
  });

  it('marks a declined payment failed and grants nothing', async () => {
    const { token } = await signUp(app);
    const { order_id } = await checkout(app, token, 'week', 2);
    const declined = await call(app, 'POST', `premium/sandbox/${order_id}/`, token, { outcome: 'declined' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'failed', subscription: null, paid_at: null });
    expect(await subscriptions(app, token)).toEqual([]);
    expect((await profile(app, token)).is_premium).toBe(false);
    // Declined is final: paying it later is a new checkout.
    const again = await call(app, 'POST', `premium/sandbox/${order_id}/`, token, { outcome: 'paid' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'order_not_pending' });
  });

  it('answers 409 to a second outcome on a paid order, granting once', async () => {
    const { token } = await signUp(app);
    const order = await buy(app, token, 'week', 1);
    for (const outcome of ['paid', 'declined']) {
      const second = await call(app, 'POST', `premium/sandbox/${order.id}/`, token, { outcome });
      expect(second.statusCode).toBe(409);
    }
    expect(await subscriptions(app, token)).toHaveLength(1);
    expect((await call(app, 'GET', `premium/orders/${order.id}/`, token)).json()).toMatchObject({ status: 'paid' });
  });

  it("hides another learner's order: 404 to read it or to pay it", async () => {
    const owner = await signUp(app);
    const stranger = await signUp(app);
    const { order_id } = await checkout(app, owner.token, 'week', 1);
    expect((await call(app, 'GET', `premium/orders/${order_id}/`, stranger.token)).statusCode).toBe(404);
    const pay = await call(app, 'POST', `premium/sandbox/${order_id}/`, stranger.token, { outcome: 'paid' });
    expect(pay.statusCode).toBe(404);
    expect((await call(app, 'GET', `premium/orders/${order_id}/`)).statusCode).toBe(401);
    expect((await call(app, 'GET', `premium/orders/${order_id}/`, owner.token)).json()).toMatchObject({
      status: 'pending',
    });
  });

  it('keeps the payment record when the account is deleted, without the person', async () => {
    const { token, password } = await signUp(app);
    const order = await buy(app, token, 'week', 1);
    expect((await call(app, 'DELETE', 'user/', token, { password })).statusCode).toBe(204);
    const { db } = await testDatabase();
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ userId: null, status: 'paid', subscriptionId: null, amount: order.amount });
  });

  it('keeps the iyzico endpoints closed while the sandbox takes payments', async () => {
    const callback = await request(app, {
      method: 'POST',
      url: '/cyberapi/premium/iyzico/callback/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'token=anything',
    });
    expect(callback.statusCode).toBe(404);
    const webhook = await call(app, 'POST', 'premium/iyzico/webhook/', undefined, { token: 'anything' });
    expect(webhook.statusCode).toBe(404);
  });
});

describe('renewal and expiry', () => {
  it('extends from the current end when renewed before it, and starts anew after it', async () => {
    const { token } = await signUp(app);
    const first = await buy(app, token, 'week', 1);
    clock.advance(3 * DAY);
    const second = await buy(app, token, 'month', 2);
    expect(second.subscription!.start_date).toBe(first.subscription!.end_date);
    expect(second.subscription!.plan).toBe('Month 2');
    expect((await profile(app, token)).premium_until).toBe(second.subscription!.end_date);

    // Past the first plan's end the second one carries premium on.
    clock.advance(5 * DAY);
    expect(await profile(app, token)).toMatchObject({
      is_premium: true,
      premium_until: second.subscription!.end_date,
    });
    expect((await subscriptions(app, token)).map((row) => [row.plan, row.status])).toEqual([
      ['Month 2', 'Active'],
      ['Week 1', 'Expired'],
    ]);

    // After everything ended, a new plan starts now.
    clock.advance(new Date(second.subscription!.end_date).getTime() - clock.now().getTime() + DAY);
    expect((await profile(app, token)).is_premium).toBe(false);
    const before = clock.now().getTime();
    const third = await buy(app, token, 'week', 2);
    const start = new Date(third.subscription!.start_date).getTime();
    expect(start - before).toBeGreaterThanOrEqual(0);
    expect(start - before).toBeLessThan(5_000);
    expect(new Date(third.subscription!.end_date).getTime() - start).toBe(14 * DAY);
  });

  it('turns premium off everywhere once the end date passes', async () => {
    const { token } = await signUp(app);
    const order = await buy(app, token, 'week', 1);
    expect((await call(app, 'GET', `vocabulletins/${SAMPLE.premiumListId}/`, token)).statusCode).toBe(200);
    clock.advance(new Date(order.subscription!.end_date).getTime() - clock.now().getTime() + 1_000);
    expect(await profile(app, token)).toMatchObject({ is_premium: false, premium_until: null });
    expect((await call(app, 'GET', 'user/', token)).json()).toMatchObject({ is_premium: false });
    expect((await call(app, 'GET', `vocabulletins/${SAMPLE.premiumListId}/`, token)).statusCode).toBe(403);
    expect((await subscriptions(app, token))[0]!.status).toBe('Expired');
  });
});

describe('the plan-ending reminder', () => {
  const schema = `jobs_premium_${process.pid}_${Date.now()}`;
  let reminderApp: App;
  // Thirty days in the past: a week's plan then ends in the real past, so its reminder is due now
  // (the queue compares start times with the database's own clock).
  const pastClock = new TestClock();
  pastClock.advance(-30 * DAY);
  beforeAll(async () => {
    reminderApp = await createTestApp({ clock: pastClock, jobQueue: { schema } });
  });
  afterAll(() => reminderApp.close());

  const reminders = (email: string) =>
    testMail().then((sink) =>
      sink.to(email).filter((mail) => mail.subject === 'Your VocaGarden Premium ends in 3 days'),
    );

  it('is queued for three days before the end', async () => {
    const { token } = await signUp(reminderApp);
    const order = await buy(reminderApp, token, 'month', 1);
    const { executeSql } = await testDatabase();
    const { rows } = await executeSql(
      `SELECT start_after, data FROM ${schema}.job WHERE name = 'premium.plan-ending' AND data->>'subscriptionId' = $1`,
      [String(order.subscription!.id)],
    );
    expect(rows).toHaveLength(1);
    const startAfter = new Date(rows[0]!.start_after as string);
    expect(startAfter.getTime()).toBe(new Date(order.subscription!.end_date).getTime() - REMINDER_LEAD_MS);
  });

  it('reminds with a link to the plan choice', async () => {
    const { token, user } = await signUp(reminderApp);
    const order = await buy(reminderApp, token, 'week', 1);
    await reminderApp.jobs.drain();
    await expect.poll(() => reminders(user.email), { timeout: 10_000 }).toHaveLength(1);
    const [mail] = await reminders(user.email);
    expect(mail!.subject).toBe('Your VocaGarden Premium ends in 3 days');
    expect(mail!.text).toContain('http://vocagarden.test/home?plans=1');
    expect(mail!.text).toContain(String(new Date(order.subscription!.end_date).getUTCFullYear()));
  });

  it('stays silent when "News about VocaGarden" is off', async () => {
    const quiet = await signUp(reminderApp);
    await call(reminderApp, 'PATCH', 'user/email-preferences/', quiet.token, { product_news: false });
    await buy(reminderApp, quiet.token, 'week', 1);
    await reminderApp.jobs.drain();
    // The receipt is a record of the purchase and always goes out; the reminder does not.
    expect((await testMail()).to(quiet.user.email).map((mail) => mail.subject)).toEqual([
      'Welcome to VocaGarden',
      'Your VocaGarden Premium receipt',
    ]);
  });

  // Renewal is checked here rather than through the queue: the first plan's reminder is due at once
  // in this app, and could run before the renewal is bought.
  it('explains each decision of the reminder job', async () => {
    const { db } = await testDatabase();
    const services = {
      db,
      email: { send: async () => {} },
      links: linkSigner('test-secret'),
      now: pastClock.now,
      publicUrl: 'http://vocagarden.test',
    };
    const { token, user } = await signUp(reminderApp);
    const order = await buy(reminderApp, token, 'week', 1);
    const job = { subscriptionId: order.subscription!.id };
    expect(await remindPlanEnding(services, job)).toBe('sent');
    await db.update(users).set({ emailProductNews: false }).where(eq(users.id, user.id));
    expect(await remindPlanEnding(services, job)).toBe('opted_out');
    // A bounced address is not mailed either, whatever the preference.
    await db.update(users).set({ emailProductNews: true, emailBouncedAt: new Date() }).where(eq(users.id, user.id));
    expect(await remindPlanEnding(services, job)).toBe('opted_out');
    await buy(reminderApp, token, 'week', 1);
    expect(await remindPlanEnding(services, job)).toBe('renewed');
    const later = { ...services, now: () => new Date(new Date(order.subscription!.end_date).getTime() + 1) };
    expect(await remindPlanEnding(later, job)).toBe('over');
    expect(await remindPlanEnding(services, { subscriptionId: 2_000_000_000 })).toBe('gone');
  });
});

describe.skipIf(!onPostgres)('races on PostgreSQL', () => {
  it('grants an order once under 20 parallel payments: one subscription, one receipt', async () => {
    const { token, user } = await signUp(app);
    const { order_id } = await checkout(app, token, 'month', 1);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => call(app, 'POST', `premium/sandbox/${order_id}/`, token, { outcome: 'paid' })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(19).fill(409)]);
    const { db } = await testDatabase();
    expect(await db.select().from(premiumSubscriptions).where(eq(premiumSubscriptions.userId, user.id))).toHaveLength(
      1,
    );
    await app.jobs.drain();
    const receipts = (await testMail()).to(user.email).filter((mail) => mail.subject.includes('receipt'));
    expect(receipts).toHaveLength(1);
  });

  it('chains two orders paid in parallel instead of overlapping them', async () => {
    const { token } = await signUp(app);
    const first = await checkout(app, token, 'week', 1);
    const second = await checkout(app, token, 'week', 1);
    await Promise.all(
      [first, second].flatMap(({ order_id }) =>
        Array.from({ length: 10 }, () => call(app, 'POST', `premium/sandbox/${order_id}/`, token, { outcome: 'paid' })),
      ),
    );
    const rows = (await subscriptions(app, token)).sort((a, b) => a.start_date.localeCompare(b.start_date));
    expect(rows).toHaveLength(2);
    expect(rows[1]!.start_date).toBe(rows[0]!.end_date);
  });

  it('decides an order once when Pay and Decline race', async () => {
    const { token } = await signUp(app);
    const { order_id } = await checkout(app, token, 'week', 1);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call(app, 'POST', `premium/sandbox/${order_id}/`, token, { outcome: index % 2 ? 'paid' : 'declined' }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    const { db } = await testDatabase();
    const [order] = await db.select().from(orders).where(eq(orders.id, order_id));
    expect((await subscriptions(app, token)).length).toBe(order!.status === 'paid' ? 1 : 0);
  });
});
