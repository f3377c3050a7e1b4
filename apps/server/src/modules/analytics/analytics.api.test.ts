import {
  analyticsChartsSchema,
  analyticsEndpoints,
  API_BASE,
  CHART_DAYS,
  CHART_MONTHS,
  earningsMetricsSchema,
  IMPERSONATION_TOKEN_TTL_MS,
  recordsMetricsSchema,
  usersMetricsSchema,
} from '@vocagarden/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE, seedSampleContent } from '../../../test/content-fixture.ts';
import { signUp, TEST_PASSWORD, uniqueEmail } from '../../../test/factories.ts';
import { createTestApp, request, testDatabase, TestClock } from '../../../test/test-app.ts';
import { queryRows, type Executor } from '../../db/client.ts';
import {
  analyticsCounters,
  authTokens,
  classrooms,
  contactMessages,
  issueReports,
  orders,
  plans,
  premiumSubscriptions,
  productEvents,
  userActions,
  users,
  vocaHardRecords,
  vocaRecords,
  wordPractice,
} from '../../db/schema.ts';
import { ANALYTICS_ROLLUP_QUEUE, refreshAnalyticsCounters } from './analytics-rollups.ts';
import { analyticsService } from './analytics.service.ts';

/**
 * The staff analytics against a small world of our own. The test database is shared with other
 * test files (on PostgreSQL, by parallel workers too), so figures are checked where nobody else
 * can add rows:
 * - "today" and "this month" run on an app clock moved to the 2nd of a month a century ahead, in
 *   which only this file's rows exist (other files' rows carry the real date);
 * - tables are searched by a tag that only this file's rows carry;
 * - all-time totals are checked inside one REPEATABLE READ transaction: a baseline, our rows, the
 *   figures again, rolled back — no other connection's commits can land in between.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ISTANBUL_OFFSET = 3 * HOUR; // Istanbul is UTC+3 all year (no DST since 2016).

const year = 2100 + Math.floor(Math.random() * 100);
const month = 2 + Math.floor(Math.random() * 10); // 0-based, so that two earlier months exist in the same year
/** 00:00 Istanbul on the 1st of the month, as an instant (21:00 UTC the day before). */
const monthStart = Date.UTC(year, month, 1) - ISTANBUL_OFFSET;
const dayStart = monthStart + DAY; // 00:00 Istanbul on the 2nd: "today"
const now = dayStart + 10 * HOUR; // 10:00 Istanbul on the 2nd
const monthName = (offset: number) => {
  const date = new Date(Date.UTC(year, month + offset, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
};

const clock = new TestClock();
const tag = `zq${process.pid}x${Date.now().toString(36)}`;
let app: FastifyInstance;
let staff: { token: string; id: number; email: string };
let learner: { token: string; id: number; email: string };
/** The world's users by letter. */
const world: Record<string, number> = {};
let reportIds: number[] = [];

const at = (ms: number) => new Date(ms);
const get = (url: string, token?: string) =>
  request(app, { method: 'GET', url: `${API_BASE}${url}`, ...(token ? { token } : {}) });

async function makeStaff(): Promise<{ token: string; id: number; email: string }> {
  const session = await signUp(app, { email: uniqueEmail(`staff-${tag}`) });
  const { db } = await testDatabase();
  await db.update(users).set({ isStaff: true }).where(eq(users.id, session.user.id));
  return { token: session.token, id: session.user.id, email: session.user.email };
}

async function weeklyPlanId(db: Executor): Promise<number> {
  const [plan] = await db.select({ id: plans.id }).from(plans).where(eq(plans.key, 'weekly'));
  return plan!.id;
}

function paidOrder(planId: number, userId: number | null, amount: number, paidAt: number, status = 'paid') {
  return {
    userId,
    planId,
    units: 1,
    unitPrice: amount,
    amount,
    currency: 'TRY',
    status: status as 'paid' | 'pending' | 'failed',
    provider: 'sandbox' as const,
    createdAt: at(paidAt - MINUTE),
    paidAt: status === 'paid' ? at(paidAt) : null,
  };
}

/**
 * Six accounts around the month's and the day's boundaries in Istanbul (see each comment), their
 * plans, payments, words, reports and messages.
 */
async function seedWorld() {
  const { db } = await testDatabase();
  const people: [string, number, number | null, string, string][] = [
    // letter, joined, last activity, first name, last name
    ['A', dayStart + 30 * MINUTE, now - HOUR, 'Ayla', tag], // joined today (Istanbul), yesterday in UTC
    ['B', dayStart - 30 * MINUTE, dayStart - 10 * MINUTE, '', ''], // joined yesterday, this month
    ['C', monthStart + 30 * MINUTE, null, 'Cem', tag], // this month in Istanbul, last month in UTC
    ['D', monthStart - 30 * MINUTE, dayStart + 2 * HOUR, 'Deniz', tag], // last month (23:30 on its last day)
    ['E', monthStart - 40 * DAY, monthStart - 20 * DAY, 'Ece', tag], // two months ago, inactive this month
    ['F', monthStart - 10 * DAY, dayStart + 3 * HOUR, 'Fatma', tag], // last month, active today, premium
  ];
  for (const [letter, joined, active, firstName, lastName] of people) {
    const [row] = await db
      .insert(users)
      .values({
        email: `${letter.toLowerCase()}.${tag}@example.com`,
        firstName,
        lastName,
        dateJoined: at(joined),
        lastActivity: active === null ? null : at(active),
      })
      .returning({ id: users.id });
    world[letter] = row!.id;
  }
  const { A, B, C, D, E, F } = world as Record<'A' | 'B' | 'C' | 'D' | 'E' | 'F', number>;
  await db.insert(premiumSubscriptions).values([
    // Active now, and F was active this month: F is this month's one premium active user.
    {
      userId: F,
      plan: 'Month 1',
      startDate: at(monthStart - 5 * DAY),
      endDate: at(now + 25 * DAY),
      paymentAmount: 11990,
    },
    // Active now but E has not been active this month.
    { userId: E, plan: 'Week 4', startDate: at(now - 5 * DAY), endDate: at(now + 23 * DAY), paymentAmount: 3990 },
    // Over before now.
    { userId: B, plan: 'Week 1', startDate: at(now - 60 * DAY), endDate: at(now - 53 * DAY), paymentAmount: 3990 },
  ]);
  const planId = await weeklyPlanId(db);
  await db.insert(orders).values([
    paidOrder(planId, A, 3990, now - 2 * HOUR), // today
    paidOrder(planId, C, 11990, monthStart + 2 * HOUR), // this month
    paidOrder(planId, F, 3990, monthStart - 5 * DAY), // last month: F's first payment, in F's signup month
    paidOrder(planId, F, 11990, dayStart + HOUR), // today
    paidOrder(planId, D, 3990, dayStart - 20 * MINUTE), // yesterday (23:40 Istanbul): this month
    paidOrder(planId, null, 1000, now - HOUR), // today, by an account deleted since
    paidOrder(planId, E, 5000, now - HOUR, 'failed'),
    paidOrder(planId, A, 3990, now - HOUR, 'pending'),
  ]);
  await db.insert(vocaRecords).values([
    { userId: A, vocaId: SAMPLE.appleId, createdAt: at(now - HOUR) },
    { userId: A, vocaId: SAMPLE.appleId + 1, createdAt: at(dayStart + MINUTE) },
    { userId: F, vocaId: SAMPLE.appleId, createdAt: at(now - 3 * HOUR) },
    { userId: F, vocaId: SAMPLE.appleId + 1, createdAt: at(dayStart - MINUTE) }, // yesterday
  ]);
  await db.insert(vocaHardRecords).values([
    { userId: F, vocaId: SAMPLE.appleId + 2, createdAt: at(now - HOUR) },
    { userId: D, vocaId: SAMPLE.appleId + 2, createdAt: at(dayStart - HOUR) }, // yesterday
  ]);
  // F proved one word marked known and one never marked; a third answer was wrong (practised, not proven).
  await db.insert(wordPractice).values([
    { userId: F, vocaId: SAMPLE.appleId, practicedAt: at(now - HOUR), provenAt: at(now - 2 * HOUR) },
    { userId: F, vocaId: SAMPLE.appleId + 3, practicedAt: at(now - HOUR), provenAt: at(now - HOUR) },
    { userId: F, vocaId: SAMPLE.appleId + 4, practicedAt: at(now - HOUR), provenAt: null },
  ]);
  await db.insert(userActions).values([
    { userId: F, action: 'login', details: '', createdAt: at(now - 2 * DAY) },
    { userId: F, action: 'premium_purchase', details: 'order', createdAt: at(now - DAY) },
  ]);
  const reports = await db
    .insert(issueReports)
    .values([
      {
        userId: A,
        issueId: 'audio',
        issueDescription: `No sound ${tag}`,
        page: '/play/1',
        createdAt: at(now - 3 * HOUR),
      },
      {
        userId: F,
        issueId: 'wrong_translation',
        issueDescription: `Wrong ${tag}`,
        vocaId: SAMPLE.appleId,
        createdAt: at(now - 2 * HOUR),
      },
      { userId: null, issueId: 'app_bug', issueDescription: `Crash ${tag}`, createdAt: at(now - HOUR) },
    ])
    .returning({ id: issueReports.id });
  reportIds = reports.map((report) => report.id);
  await db.insert(contactMessages).values([
    { email: `b.${tag}@example.com`, subject: `Billing ${tag}`, content: 'Hello', createdAt: at(now - 3 * HOUR) },
    { email: `a.${tag}@example.com`, subject: `About ${tag}`, content: 'Hi', userId: A, createdAt: at(now - 2 * HOUR) },
    { email: 'someone@example.com', subject: 'Classrooms', content: `Question ${tag}`, createdAt: at(now - HOUR) },
  ]);
}

beforeAll(async () => {
  clock.advance(now - Date.now());
  app = await createTestApp({ clock });
  const { db } = await testDatabase();
  await seedSampleContent(db);
  staff = await makeStaff();
  const session = await signUp(app, { email: uniqueEmail(`learner-${tag}`) });
  learner = { token: session.token, id: session.user.id, email: session.user.email };
  await seedWorld();
});

afterAll(async () => {
  const { db } = await testDatabase();
  const ids = Object.values(world);
  if (ids.length > 0) {
    await db.delete(orders).where(inArray(orders.userId, ids));
    await db.delete(users).where(inArray(users.id, ids));
  }
  await db
    .delete(orders)
    .where(
      sql`${orders.userId} IS NULL AND ${orders.paidAt} >= ${at(monthStart - 90 * DAY).toISOString()}::timestamptz`,
    );
  await db.delete(issueReports).where(inArray(issueReports.id, reportIds));
  await db
    .delete(contactMessages)
    .where(sql`${contactMessages.subject} LIKE ${`%${tag}%`} OR ${contactMessages.content} LIKE ${`%${tag}%`}`);
  await app.close();
});

/** Every analytics operation with a valid request (the report and the user are created in beforeAll). */
const operations = () => [
  { method: 'GET' as const, url: '/analytics/users/' },
  { method: 'GET' as const, url: '/analytics/earnings/' },
  { method: 'GET' as const, url: '/analytics/records/' },
  { method: 'GET' as const, url: '/analytics/charts/' },
  { method: 'GET' as const, url: '/analytics/subscriptions/' },
  { method: 'GET' as const, url: '/analytics/issue_reports/' },
  { method: 'GET' as const, url: '/analytics/new_users/' },
  { method: 'GET' as const, url: '/analytics/contact_messages/' },
  { method: 'GET' as const, url: '/analytics/premium_analysis/' },
  { method: 'GET' as const, url: `/analytics/user_info/?user_id=${learner.id}` },
  { method: 'GET' as const, url: `/analytics/token/?user_id=${learner.id}` },
  { method: 'PATCH' as const, url: `/analytics/issue_reports/${reportIds[0]}/`, payload: { resolved: false } },
];

describe('who may call the analytics', () => {
  it('covers every analytics endpoint of the contract', () => {
    const declared = Object.values(analyticsEndpoints)
      .filter((endpoint) => endpoint.access === 'staff')
      .map((endpoint) => `${endpoint.method} ${endpoint.path.replace(':id', String(reportIds[0]))}`);
    const tested = operations().map((operation) => `${operation.method} ${operation.url.split('?')[0]}`);
    expect(new Set(tested)).toEqual(new Set(declared));
  });

  it('answers 401 signed out, 403 permission_denied to a learner, and 200 to staff', async () => {
    for (const operation of operations()) {
      const send = (token?: string) =>
        request(app, {
          method: operation.method,
          url: `${API_BASE}${operation.url}`,
          ...(operation.payload ? { payload: operation.payload } : {}),
          ...(token ? { token } : {}),
        });
      const anonymous = await send();
      expect(anonymous.statusCode, `${operation.url} anonymous`).toBe(401);
      const asLearner = await send(learner.token);
      expect(asLearner.statusCode, `${operation.url} learner`).toBe(403);
      expect(asLearner.json()).toEqual({
        detail: 'You do not have permission to perform this action.',
        code: 'permission_denied',
      });
      const asStaff = await send(staff.token);
      expect(asStaff.statusCode, `${operation.url} staff: ${asStaff.body}`).toBe(200);
    }
  });

  it('refuses a learner before looking at the input: bad input is still 403, not 400', async () => {
    const response = await get('/analytics/new_users/?page=0&ordering=password_hash', learner.token);
    expect(response.statusCode).toBe(403);
    expect((await get('/analytics/new_users/?page=0')).statusCode).toBe(401);
  });

  it('documents the token answer as text/plain and every analytics operation as token-only', async () => {
    const document = (await get('/docs/json')).json() as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
    };
    const token = document.paths[`${API_BASE}/analytics/token/`]!.get!;
    expect(Object.keys(token.responses['200']!.content ?? {})).toEqual(['text/plain']);
    expect(Object.keys(token.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404']));
  });
});

describe('boundary values, as staff', () => {
  it('answers every odd page, size, ordering, search and id with a 400 or a page, never a 5xx', async () => {
    const texts = [
      '0',
      '-1',
      '2147483648',
      '9007199254740992',
      '1.5',
      '',
      '%00',
      'a%00b',
      'x'.repeat(10_000),
      '[]',
      '{}',
      'abc',
      '%25',
      '_',
      '%5C',
      "'",
      '-',
      '--email',
      ' ',
    ];
    const tables = ['subscriptions', 'issue_reports', 'new_users', 'contact_messages', 'premium_analysis'];
    const failures: string[] = [];
    const check = async (method: 'GET' | 'PATCH', url: string, payload?: unknown) => {
      const response = await request(app, {
        method,
        url: `${API_BASE}${url}`,
        token: staff.token,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      if (response.statusCode >= 500) failures.push(`${method} ${url.slice(0, 80)} → ${response.statusCode}`);
    };
    for (const table of tables) {
      for (const parameter of ['page', 'page_size', 'ordering', 'search']) {
        for (const text of texts) await check('GET', `/analytics/${table}/?${parameter}=${text}`);
      }
      // The last page there can be (ids are never sent: a valid one might name another file's row).
      await check('GET', `/analytics/${table}/?page=100000&page_size=100`);
    }
    for (const text of texts) {
      await check('GET', `/analytics/user_info/?user_id=${text}`);
      await check('GET', `/analytics/token/?user_id=${text}`);
      await check('PATCH', `/analytics/issue_reports/${text}/`, { resolved: true });
    }
    for (const value of [0, -1, 2 ** 31, 1.5, '', '\0', 'x'.repeat(10_000), [], {}, null, 'true']) {
      await check('PATCH', `/analytics/issue_reports/${reportIds[2]}/`, { resolved: value });
    }
    expect(failures).toEqual([]);
  });
});

describe('metrics', () => {
  it('counts users by Istanbul day and month: joined, active, premium among the active, classrooms', async () => {
    const response = await get('/analytics/users/', staff.token);
    expect(response.statusCode).toBe(200);
    const body = usersMetricsSchema.strict().parse(response.json());
    // Joined: A today (00:30 Istanbul, still yesterday in UTC); B yesterday and C on the 1st at
    // 00:30 (last month in UTC) are this month; D at 23:30 on last month's last day is not.
    expect(body.new_users_today).toBe(1);
    expect(body.new_users_this_month).toBe(3);
    // Active: A, D, F today; B yesterday; C never; E last month.
    expect(body.today_active_users).toBe(3);
    expect(body.monthly_active_users).toBe(4);
    // F is the one of the 4 with a plan active now (E has one but was not active this month).
    expect(body.monthly_premium_users_percentage).toBe(25);
    expect(body.total_users).toBeGreaterThanOrEqual(8);
    expect(body.total_classrooms).toBeGreaterThanOrEqual(0);
  });

  it('sums paid orders (kuruş) by Istanbul day and month, and counts paywall clicks', async () => {
    const response = await get('/analytics/earnings/', staff.token);
    expect(response.statusCode).toBe(200);
    const body = earningsMetricsSchema.strict().parse(response.json());
    // Today: A 3990, F 11990, a deleted account's 1000; D's 23:40 yesterday is this month only.
    expect(body.earnings_today).toBe(3990 + 11990 + 1000);
    expect(body.earnings_this_month).toBe(3990 + 11990 + 11990 + 3990 + 1000);
    expect(body.total_earnings).toBeGreaterThanOrEqual(3990 * 3 + 11990 * 2 + 1000);
    expect(body.total_payment_tokens).toBeGreaterThanOrEqual(6);
    expect(body.currency).toBe('TRY');
    expect(body.total_conversion_rate).toBeGreaterThan(0);
    expect(body.total_conversion_rate).toBeLessThanOrEqual(100);
    // Two decimals at most (compared after scaling, since 0.07 × 100 is not exactly 7 in floating point).
    expect(body.total_conversion_rate * 100).toBeCloseTo(Math.round(body.total_conversion_rate * 100), 6);
  });

  it('counts words learned and found hard today, and in all', async () => {
    const response = await get('/analytics/records/', staff.token);
    expect(response.statusCode).toBe(200);
    const body = recordsMetricsSchema.strict().parse(response.json());
    expect(body.learned_today).toBe(3);
    expect(body.hard_today).toBe(1);
    expect(body.total_learned).toBeGreaterThanOrEqual(4);
    expect(body.total_hard).toBeGreaterThanOrEqual(2);
  });

  it('charts signups per Istanbul day (30 days) and paid earnings per Istanbul month (12), zero-filled', async () => {
    const response = await get('/analytics/charts/', staff.token);
    expect(response.statusCode).toBe(200);
    const body = analyticsChartsSchema.strict().parse(response.json());
    const isoDay = (ms: number) => new Date(ms + ISTANBUL_OFFSET).toISOString().slice(0, 10);
    const perDay = new Map(body.new_users_per_day.map((point) => [point.day, point.count]));
    expect(body.new_users_per_day).toHaveLength(CHART_DAYS);
    expect(body.new_users_per_day.at(-1)!.day).toBe(isoDay(now));
    expect(body.new_users_per_day[0]!.day).toBe(isoDay(now - (CHART_DAYS - 1) * DAY));
    // A today (and the accounts this file signs up on the app clock); B and C on the 1st; D on
    // last month's last day; F ten days before the 1st; E forty days before: out of the window.
    expect(perDay.get(isoDay(now))).toBeGreaterThanOrEqual(1);
    expect(perDay.get(isoDay(monthStart))).toBe(2);
    expect(perDay.get(isoDay(monthStart - MINUTE))).toBe(1);
    expect(perDay.get(isoDay(monthStart - 10 * DAY))).toBe(1);
    expect(perDay.get(isoDay(monthStart - 2 * DAY))).toBe(0);
    expect(body.earnings_per_month).toHaveLength(CHART_MONTHS);
    expect(body.earnings_per_month.map((point) => point.month).slice(-3)).toEqual([
      monthName(-2),
      monthName(-1),
      monthName(0),
    ]);
    expect(body.earnings_per_month.map((point) => point.amount).slice(-3)).toEqual([
      0,
      3990,
      3990 + 11990 + 11990 + 3990 + 1000,
    ]);
    expect(body.currency).toBe('TRY');
  });

  it('gets every all-time total exactly, before and after the rollup (one snapshot, rolled back)', async () => {
    let checked = false;
    await inSnapshot(async (tx) => {
      const service = analyticsService({
        db: tx as never,
        reads: tx,
        now: clock.now,
        publicUrl: 'http://x',
        timeZone: 'Europe/Istanbul',
      });
      const count = async (query: ReturnType<typeof sql>) =>
        Number((await queryRows<{ n: number }>(tx, sql`SELECT (${query})::int AS n`))[0]!.n);
      const before = {
        users: await service.users(),
        earnings: await service.earnings(),
        records: await service.records(),
      };
      // A new world inside the snapshot: 2 users, one of whom pays twice, 3 words, 1 hard
      // word, 2 clicks, 3 cards, 1 classroom.
      const created = await tx
        .insert(users)
        .values([{ email: `t1.${tag}@example.com` }, { email: `t2.${tag}@example.com` }])
        .returning({ id: users.id });
      const [first, second] = created.map((row) => row.id) as [number, number];
      const planId = await weeklyPlanId(tx);
      await tx
        .insert(orders)
        .values([
          paidOrder(planId, first, 500, Date.now() - 100 * DAY),
          paidOrder(planId, first, 700, Date.now()),
          paidOrder(planId, second, 900, Date.now(), 'failed'),
        ]);
      await tx.insert(vocaRecords).values([
        { userId: first, vocaId: SAMPLE.appleId },
        { userId: first, vocaId: SAMPLE.appleId + 1 },
        { userId: second, vocaId: SAMPLE.appleId },
      ]);
      await tx.insert(vocaHardRecords).values({ userId: second, vocaId: SAMPLE.appleId + 5 });
      await tx.insert(productEvents).values([
        { event: 'paywall_click', payload: {} },
        { event: 'paywall_click', payload: {} },
        { event: 'display_card', payload: {} },
        { event: 'display_card', payload: {} },
        { event: 'display_card', payload: {} },
        { event: 'other', payload: {} },
      ]);
      await tx.insert(classrooms).values({ name: tag, adminId: first, pin: `p${tag}`.slice(0, 20), graphicUri: '' });
      const after = {
        users: await service.users(),
        earnings: await service.earnings(),
        records: await service.records(),
      };
      expect(after.users.total_users - before.users.total_users).toBe(2);
      expect(after.users.total_classrooms - before.users.total_classrooms).toBe(1);
      expect(after.earnings.total_earnings - before.earnings.total_earnings).toBe(1200);
      expect(after.earnings.total_payment_tokens - before.earnings.total_payment_tokens).toBe(2);
      expect(after.earnings.paywall_clicks - before.earnings.paywall_clicks).toBe(2);
      expect(after.records.display_card_count - before.records.display_card_count).toBe(3);
      expect(after.records.total_learned - before.records.total_learned).toBe(3);
      expect(after.records.total_hard - before.records.total_hard).toBe(1);
      // The conversion rate is the share of accounts that ever paid, in the same snapshot.
      const payers = await count(
        sql`SELECT count(DISTINCT user_id) FROM orders WHERE status = 'paid' AND user_id IS NOT NULL`,
      );
      const everyone = await count(sql`SELECT count(*) FROM users`);
      expect(after.earnings.total_conversion_rate).toBe(Math.round((10_000 * payers) / everyone) / 100);
      // Totals are exact whether or not the rollup has run, and after rows are added since.
      const live = async () => ({
        learned: await count(sql`SELECT count(*) FROM voca_records`),
        hard: await count(sql`SELECT count(*) FROM voca_hard_records`),
      });
      expect(after.records).toMatchObject({
        total_learned: (await live()).learned,
        total_hard: (await live()).hard,
      });
      await refreshAnalyticsCounters(tx);
      const counters = await tx.select().from(analyticsCounters);
      expect(counters.map((row) => row.name).sort()).toEqual(['voca_hard_records', 'voca_records']);
      await tx.insert(vocaRecords).values({ userId: second, vocaId: SAMPLE.appleId + 1 });
      expect(await service.records()).toMatchObject({
        total_learned: (await live()).learned,
        total_hard: (await live()).hard,
      });
      checked = true;
    });
    expect(checked).toBe(true);
  });

  it('recounts the record tables in the job queue at start, and queues the next run', async () => {
    await app.jobs.drain({ names: [ANALYTICS_ROLLUP_QUEUE] });
    const counts = await app.jobs.counts(ANALYTICS_ROLLUP_QUEUE);
    expect(counts.completed).toBeGreaterThanOrEqual(1);
    // The next run waits for the next 10-minute interval.
    expect(counts.created).toBe(1);
    const { db } = await testDatabase();
    const counters = await db.select().from(analyticsCounters);
    expect(counters.map((row) => row.name).sort()).toEqual(['voca_hard_records', 'voca_records']);
  });

  it('defines every metric of the three cards for the web tooltips', async () => {
    const { metricDefinitions } = await import('@vocagarden/contract');
    for (const schema of [usersMetricsSchema, earningsMetricsSchema, recordsMetricsSchema]) {
      for (const key of Object.keys(schema.shape).filter((name) => name !== 'currency')) {
        expect(metricDefinitions, key).toHaveProperty(key);
      }
    }
  });
});

/**
 * Runs `check` in one REPEATABLE READ transaction (on PostgreSQL; PGlite has one connection and
 * runs this file's statements alone) and rolls it back. A rollup job of another test app may
 * update the counters the snapshot read; PostgreSQL then refuses our own refresh (40001) and the
 * check runs again.
 */
async function inSnapshot(check: (tx: Executor) => Promise<void>) {
  const { db, kind } = await testDatabase();
  const rollback = new Error('rollback');
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.transaction(
        async (tx) => {
          await check(tx);
          throw rollback;
        },
        kind === 'postgres' ? { isolationLevel: 'repeatable read' } : undefined,
      );
    } catch (error) {
      if (error === rollback) return;
      const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
      if (code !== '40001' || attempt >= 5) throw error;
    }
  }
}

interface PageBody<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

describe('tables', () => {
  it('lists new users newest first, paged, sorted and searched on the server', async () => {
    const first = await get(`/analytics/new_users/?search=${tag}%40example&page_size=2`, staff.token);
    expect(first.statusCode).toBe(200);
    const page1 = first.json() as PageBody<{ user_id: number; email: string; date_joined: string }>;
    expect(page1.count).toBe(6);
    expect(page1.results.map((row) => row.user_id)).toEqual([world.A, world.B]);
    expect(page1.results[0]).toEqual({
      user_id: world.A,
      email: `a.${tag}@example.com`,
      date_joined: at(dayStart + 30 * MINUTE).toISOString(),
    });
    expect(page1.previous).toBeNull();
    expect(page1.next).toBe(
      `http://vocagarden.test/cyberapi/analytics/new_users/?page=2&page_size=2&search=${tag}%40example`,
    );
    const page3 = (
      await get(`/analytics/new_users/?search=${tag}%40example&page_size=2&page=3`, staff.token)
    ).json() as PageBody<{
      user_id: number;
    }>;
    expect(page3.results.map((row) => row.user_id)).toEqual([world.F, world.E]);
    expect(page3.next).toBeNull();
    expect(page3.previous).toContain('page=2');
    const beyond = (
      await get(`/analytics/new_users/?search=${tag}%40example&page=9`, staff.token)
    ).json() as PageBody<unknown>;
    expect(beyond).toMatchObject({ count: 6, results: [], next: null });

    const byEmail = (
      await get(`/analytics/new_users/?search=${tag}%40example&ordering=email`, staff.token)
    ).json() as PageBody<{
      email: string;
    }>;
    expect(byEmail.results.map((row) => row.email[0])).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    const byId = (
      await get(`/analytics/new_users/?search=${tag}%40example&ordering=-user_id`, staff.token)
    ).json() as PageBody<{
      user_id: number;
    }>;
    expect(byId.results.map((row) => row.user_id)).toEqual([...Object.values(world)].sort((a, b) => b - a));
    // The search is literal: LIKE's wildcards match only themselves.
    expect(((await get(`/analytics/new_users/?search=%25`, staff.token)).json() as PageBody<unknown>).count).toBe(0);
  });

  it('refuses an ordering outside the allow-list and a page size above 100', async () => {
    for (const query of [
      'ordering=password_hash',
      'ordering=-email%2Cid',
      'ordering=--email',
      'page_size=101',
      'page=0',
    ]) {
      const response = await get(`/analytics/new_users/?${query}`, staff.token);
      expect(response.statusCode, query).toBe(400);
    }
    expect((await get('/analytics/subscriptions/?ordering=email', staff.token)).statusCode).toBe(400);
  });

  it('lists subscriptions with the user, the status by date and the amount', async () => {
    const response = await get(`/analytics/subscriptions/?search=${tag}&ordering=payment_amount`, staff.token);
    expect(response.statusCode).toBe(200);
    const body = response.json() as PageBody<Record<string, unknown>>;
    // E's and F's plans (their names carry the tag); B's plan is found by B's email.
    expect(body.count).toBe(3);
    expect(body.results.map((row) => [row.user_id, row.status, row.payment_amount])).toEqual([
      // Equal amounts in id order.
      [world.E, 'Active', 3990],
      [world.B, 'Expired', 3990],
      [world.F, 'Active', 11990],
    ]);
    expect(body.results[2]).toMatchObject({ user: `Fatma ${tag}`, plan: 'Month 1', currency: 'TRY' });
    // B has no name: the email stands in.
    expect(body.results[1]!.user).toBe(`b.${tag}@example.com`);
    const byStatus = (
      await get(`/analytics/subscriptions/?search=${tag}&ordering=-status`, staff.token)
    ).json() as PageBody<{
      status: string;
    }>;
    expect(byStatus.results.map((row) => row.status)).toEqual(['Expired', 'Active', 'Active']);
    const byUser = (await get(`/analytics/subscriptions/?search=fatma&ordering=user`, staff.token)).json() as PageBody<{
      user_id: number;
    }>;
    expect(byUser.results.map((row) => row.user_id)).toContain(world.F);
  });

  it('lists issue reports newest first, searchable, and resolves them (who and when)', async () => {
    const list = async (query = '') =>
      (await get(`/analytics/issue_reports/?search=${tag}${query}`, staff.token)).json() as PageBody<
        Record<string, unknown>
      >;
    const body = await list();
    expect(body.count).toBe(3);
    expect(body.results.map((row) => row.id)).toEqual([...reportIds].reverse());
    expect(body.results[2]).toEqual({
      id: reportIds[0],
      user: `Ayla ${tag}`,
      user_id: world.A,
      issue_id: 'audio',
      issue_description: `No sound ${tag}`,
      page: '/play/1',
      voca_id: null,
      created_at: at(now - 3 * HOUR).toISOString(),
      resolved: false,
    });
    // A report whose author is gone keeps an empty name.
    expect(body.results[0]).toMatchObject({ user: '', user_id: null, issue_id: 'app_bug' });

    const patch = (id: number, resolved: unknown, token = staff.token) =>
      request(app, {
        method: 'PATCH',
        url: `${API_BASE}/analytics/issue_reports/${id}/`,
        token,
        payload: { resolved },
      });
    const resolved = await patch(reportIds[1]!, true);
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ id: reportIds[1], resolved: true, user: `Fatma ${tag}` });
    const { db } = await testDatabase();
    const [row] = await db.select().from(issueReports).where(eq(issueReports.id, reportIds[1]!));
    expect(row).toMatchObject({ resolved: true, resolvedBy: staff.id });
    // On the app's clock (a century ahead, and running).
    expect(Math.abs(row!.resolvedAt!.getTime() - clock.now().getTime())).toBeLessThan(MINUTE);
    // Resolving again keeps the first resolution.
    clock.advance(5 * MINUTE);
    await patch(reportIds[1]!, true);
    const [again] = await db.select().from(issueReports).where(eq(issueReports.id, reportIds[1]!));
    expect(again!.resolvedAt).toEqual(row!.resolvedAt);
    clock.advance(-5 * MINUTE);
    expect((await list('&ordering=-resolved')).results[0]!.id).toBe(reportIds[1]);
    const actions = await db.select().from(userActions).where(eq(userActions.userId, staff.id));
    expect(actions.map((action) => [action.action, action.details])).toContainEqual([
      'issue_report_resolved',
      `issue_report_id=${reportIds[1]}`,
    ]);
    // And open again.
    expect((await patch(reportIds[1]!, false)).json()).toMatchObject({ resolved: false });
    const [reopened] = await db.select().from(issueReports).where(eq(issueReports.id, reportIds[1]!));
    expect(reopened).toMatchObject({ resolved: false, resolvedBy: null, resolvedAt: null });

    expect((await patch(2_000_000_000, true)).statusCode).toBe(404);
    expect((await patch(reportIds[1]!, 'yes')).statusCode).toBe(400);
    expect((await patch(reportIds[1]!, true, learner.token)).statusCode).toBe(403);
  });

  it('lists contact messages newest first, searchable in email, subject and content, sortable', async () => {
    const body = (await get(`/analytics/contact_messages/?search=${tag}`, staff.token)).json() as PageBody<
      Record<string, unknown>
    >;
    expect(body.count).toBe(3);
    expect(body.results.map((row) => row.subject)).toEqual(['Classrooms', `About ${tag}`, `Billing ${tag}`]);
    expect(body.results[1]).toEqual({
      id: expect.any(Number),
      email: `a.${tag}@example.com`,
      created_at: at(now - 2 * HOUR).toISOString(),
      subject: `About ${tag}`,
      content: 'Hi',
    });
    const bySubject = (
      await get(`/analytics/contact_messages/?search=${tag}&ordering=-subject`, staff.token)
    ).json() as PageBody<{
      subject: string;
    }>;
    expect(bySubject.results.map((row) => row.subject)).toEqual(['Classrooms', `Billing ${tag}`, `About ${tag}`]);
  });

  it('analyses premium conversion by Istanbul signup month', async () => {
    const row = async (offset: number) => {
      const body = (
        await get(`/analytics/premium_analysis/?search=${monthName(offset)}`, staff.token)
      ).json() as PageBody<Record<string, unknown>>;
      expect(body.count).toBe(1);
      return body.results[0];
    };
    // This month: A, B and C signed up; A and C paid this month; sales this month: A, C, F, D and
    // the deleted account's order.
    expect(await row(0)).toEqual({
      signup_month: monthName(0),
      total_signups_that_month: 3,
      total_premium_sales_that_month: 5,
      month_same_month_performace: 2,
      month_same_month_performace_percentage: 66.67,
      month_overall_performance: 2,
      month_overall_performance_percentage: 66.67,
      total_sales_balance: 3990 + 11990,
    });
    // Last month: D (23:30 on its last day) and F; F first paid that month, D only this month.
    expect(await row(-1)).toEqual({
      signup_month: monthName(-1),
      total_signups_that_month: 2,
      total_premium_sales_that_month: 1,
      month_same_month_performace: 1,
      month_same_month_performace_percentage: 50,
      month_overall_performance: 2,
      month_overall_performance_percentage: 100,
      total_sales_balance: 3990 + 3990 + 11990,
    });
    expect(await row(-2)).toMatchObject({
      total_signups_that_month: 1,
      month_overall_performance: 0,
      total_sales_balance: 0,
    });

    const year = (
      await get(`/analytics/premium_analysis/?search=${monthName(0).slice(0, 4)}&ordering=signup_month`, staff.token)
    ).json() as PageBody<{
      signup_month: string;
    }>;
    expect(year.results.map((result) => result.signup_month)).toEqual([monthName(-2), monthName(-1), monthName(0)]);
    const paged = (await get('/analytics/premium_analysis/?page_size=1', staff.token)).json() as PageBody<{
      signup_month: string;
    }>;
    // Newest signup month first: ours, a century ahead of everyone else's.
    expect(paged.results[0]!.signup_month).toBe(monthName(0));
    expect(paged.count).toBeGreaterThanOrEqual(3);
  });
});

describe('user info', () => {
  it("gives a user's details, plans (active or not) and newest actions first", async () => {
    const response = await get(`/analytics/user_info/?user_id=${world.F}`, staff.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: world.F,
      joined_at: at(monthStart - 10 * DAY).toISOString(),
      last_activity: at(dayStart + 3 * HOUR).toISOString(),
      profile_picture: null,
      email: `f.${tag}@example.com`,
      username: `f.${tag}`,
      first_name: 'Fatma',
      last_name: tag,
      phone_number: null,
      country: null,
      total_learned: 2,
      total_difficult: 1,
      total_proven: 2,
      premium_subscriptions: [
        {
          plan_name: 'Month 1',
          start_date: at(monthStart - 5 * DAY).toISOString(),
          end_date: at(now + 25 * DAY).toISOString(),
          is_active: true,
        },
      ],
      actions: [
        { created_at: at(now - DAY).toISOString(), action: 'premium_purchase', details: 'order' },
        { created_at: at(now - 2 * DAY).toISOString(), action: 'login', details: '' },
      ],
    });
    const expired = (await get(`/analytics/user_info/?user_id=${world.B}`, staff.token)).json() as {
      premium_subscriptions: { is_active: boolean }[];
    };
    expect(expired.premium_subscriptions.map((plan) => plan.is_active)).toEqual([false]);
    expect((await get('/analytics/user_info/?user_id=2000000000', staff.token)).statusCode).toBe(404);
    expect((await get('/analytics/user_info/', staff.token)).statusCode).toBe(400);
  });
});

describe('viewing the app as a learner (impersonation token)', () => {
  const tokenFor = (userId: number, token = staff.token) => get(`/analytics/token/?user_id=${userId}`, token);

  it('gives a plain-text token that signs in as the learner, shown in the profile, logged in both logs', async () => {
    const viewed = await signUp(app, { email: uniqueEmail(`viewed-${tag}`) });
    const response = await tokenFor(viewed.user.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const token = response.body;
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const profile = await get('/profile/', token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ id: viewed.user.id, impersonated_by: staff.email, is_staff: false });
    // The learner's own session says nobody is viewing.
    expect((await get('/profile/', viewed.token)).json()).toMatchObject({ impersonated_by: null });
    // A learner route answers as the learner.
    expect((await get('/vocarecords/', token)).statusCode).toBe(200);

    const { db } = await testDatabase();
    const logOf = async (userId: number) =>
      (await db.select().from(userActions).where(eq(userActions.userId, userId))).map((row) => [
        row.action,
        row.details,
      ]);
    const details = `staff_id=${staff.id} user_id=${viewed.user.id}`;
    expect(await logOf(staff.id)).toContainEqual(['impersonation_started', `${details} email=${viewed.user.email}`]);
    expect(await logOf(viewed.user.id)).toContainEqual([
      'impersonation_started',
      `${details} staff_email=${staff.email}`,
    ]);
    const [row] = await db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, viewed.user.id), eq(authTokens.kind, 'impersonation')));
    expect(row).toMatchObject({ kind: 'impersonation', userId: viewed.user.id });
    expect(row!.expiresAt!.getTime() - clock.now().getTime()).toBeGreaterThan(IMPERSONATION_TOKEN_TTL_MS - MINUTE);
    expect(row!.expiresAt!.getTime() - clock.now().getTime()).toBeLessThanOrEqual(IMPERSONATION_TOKEN_TTL_MS);

    // Not the learner's device, and not the learner's activity.
    const devices = (await get('/auth/sessions/', viewed.token)).json() as { id: number }[];
    expect(devices).toHaveLength(1);
    const [user] = await db
      .select({ lastActivity: users.lastActivity })
      .from(users)
      .where(eq(users.id, viewed.user.id));
    const before = user!.lastActivity;
    await db.update(users).set({ lastActivity: null }).where(eq(users.id, viewed.user.id));
    await get('/vocarecords/', token);
    const [untouched] = await db
      .select({ lastActivity: users.lastActivity })
      .from(users)
      .where(eq(users.id, viewed.user.id));
    expect(untouched!.lastActivity).toBeNull();
    await db.update(users).set({ lastActivity: before }).where(eq(users.id, viewed.user.id));

    // Ending the view (the banner's exit) signs the token out and says so in both logs.
    expect((await request(app, { method: 'POST', url: `${API_BASE}/auth/logout/`, token })).statusCode).toBe(204);
    expect((await get('/profile/', token)).statusCode).toBe(401);
    expect(await logOf(viewed.user.id)).toContainEqual(['impersonation_ended', details]);
    expect(await logOf(staff.id)).toContainEqual(['impersonation_ended', details]);
    expect((await get('/profile/', viewed.token)).statusCode).toBe(200);
  });

  it('cannot reach staff routes nor change the account, sign devices out or pay', async () => {
    const viewed = await signUp(app, { email: uniqueEmail(`viewed-${tag}`) });
    const token = (await tokenFor(viewed.user.id)).body;
    for (const operation of operations()) {
      const response = await request(app, {
        method: operation.method,
        url: `${API_BASE}${operation.url}`,
        token,
        ...(operation.payload ? { payload: operation.payload } : {}),
      });
      expect(response.statusCode, operation.url).toBe(403);
    }
    const refused = [
      {
        method: 'POST',
        url: '/auth/password/change/',
        payload: { current_password: TEST_PASSWORD, new_password: 'amber-lake-91' },
      },
      { method: 'DELETE', url: '/user/', payload: { password: TEST_PASSWORD } },
      { method: 'POST', url: '/auth/sessions/revoke-all/' },
      { method: 'DELETE', url: '/auth/sessions/1/' },
      { method: 'PATCH', url: '/user/email-preferences/', payload: { campaign_emails: false } },
      { method: 'POST', url: '/premium/checkout/', payload: { plan_id: 1, units: 1 } },
    ] as const;
    for (const operation of refused) {
      const response = await request(app, {
        method: operation.method,
        url: `${API_BASE}${operation.url}`,
        token,
        ...('payload' in operation ? { payload: operation.payload } : {}),
      });
      expect(response.statusCode, operation.url).toBe(403);
      expect(response.json()).toMatchObject({ code: 'permission_denied' });
    }
    // Nothing changed: the learner still signs in with the old password, on the same devices.
    expect((await get('/profile/', viewed.token)).statusCode).toBe(200);
    const login = await request(app, {
      method: 'POST',
      url: `${API_BASE}/auth/login/`,
      payload: { email: viewed.user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    // The token itself still works for ordinary pages.
    expect((await get('/profile/', token)).statusCode).toBe(200);
  });

  it('expires after 15 minutes, and when its staff member is no longer staff', async () => {
    const viewed = await signUp(app, { email: uniqueEmail(`viewed-${tag}`) });
    const token = (await tokenFor(viewed.user.id)).body;
    clock.advance(IMPERSONATION_TOKEN_TTL_MS - MINUTE);
    expect((await get('/profile/', token)).statusCode).toBe(200);
    clock.advance(MINUTE);
    const expired = await get('/profile/', token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 'invalid_token' });
    clock.advance(-IMPERSONATION_TOKEN_TTL_MS);

    const other = await makeStaff();
    const second = (await tokenFor(viewed.user.id, other.token)).body;
    expect((await get('/profile/', second)).statusCode).toBe(200);
    const { db } = await testDatabase();
    await db.update(users).set({ isStaff: false }).where(eq(users.id, other.id));
    expect((await get('/profile/', second)).statusCode).toBe(401);
  });

  it('refuses to view the app as a staff member (recorded), or as nobody', async () => {
    const other = await makeStaff();
    const refused = await tokenFor(other.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'permission_denied' });
    expect((await tokenFor(staff.id)).statusCode).toBe(403);
    const { db } = await testDatabase();
    const log = await db.select().from(userActions).where(eq(userActions.userId, staff.id));
    expect(log.map((row) => row.action)).toContain('impersonation_refused');
    expect(await db.select().from(authTokens).where(eq(authTokens.userId, other.id))).toHaveLength(1);
    expect((await tokenFor(2_000_000_000)).statusCode).toBe(404);
    expect((await get('/analytics/token/?user_id=abc', staff.token)).statusCode).toBe(400);
  });
});
