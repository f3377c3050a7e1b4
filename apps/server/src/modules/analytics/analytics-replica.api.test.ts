import { analyticsEndpoints, API_BASE } from '@vocagarden/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUp, uniqueEmail } from '../../../test/factories.ts';
import { freePort } from '../../../test/free-port.ts';
import { startServer } from '../../../test/server-process.ts';
import { createTestApp, request, testDatabase } from '../../../test/test-app.ts';
import { openReadReplica, queryRows } from '../../db/client.ts';
import { contactMessages, issueReports, users } from '../../db/schema.ts';
import { ANALYTICS_ROLLUP_QUEUE } from './analytics-rollups.ts';

/**
 * ANALYTICS_DATABASE_URL (decision 029). A replica proper needs a second server; here the
 * "replica" is the run's own database reached through the app's read-only pool, under an
 * application_name of this file's own, so that pg_stat_activity shows which statements went
 * through it. On the embedded database there is no replica: the server refuses the setting.
 */
const databaseUrl = inject('databaseUrl');
const onPostgres = databaseUrl !== undefined;

const tag = `rq${process.pid}x${Date.now().toString(36)}`;
/** Under PostgreSQL's 63 characters, and unlike any other test app's sessions. */
const replicaName = `vg-replica-test-${tag}`;

/** The run's database with `parameters` added (such as a replica's application_name). */
function databaseUrlWith(parameters: Record<string, string>): string {
  const url = new URL(databaseUrl!);
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
  return url.toString();
}

/** The SQLSTATE of a failed statement, which Drizzle wraps in an error of its own. */
const sqlState = (error: unknown) =>
  (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;

describe.skipIf(!onPostgres)('the staff analytics on a read replica (PostgreSQL)', () => {
  let app: FastifyInstance;
  let staff: { token: string; id: number; email: string };
  let learner: { token: string; id: number };
  let reader: { id: number; email: string };
  let reportId: number;

  const get = (url: string) => request(app, { method: 'GET', url: `${API_BASE}${url}`, token: staff.token });

  /**
   * The statements that this app's replica sessions started while `call` ran: the last one of
   * each session whose query_start moved (pg_stat_activity keeps one statement per session).
   */
  async function replicaStatementsDuring(call: () => Promise<unknown>): Promise<string[]> {
    const { db } = await testDatabase();
    const sessions = async () =>
      new Map(
        (
          await queryRows<{ pid: number; started: string; query: string }>(
            db,
            sql`SELECT pid, query_start::text AS started, query FROM pg_stat_activity
                WHERE application_name = ${replicaName}`,
          )
        ).map((session) => [session.pid, session]),
      );
    const before = await sessions();
    await call();
    const after = await sessions();
    return [...after.values()]
      .filter((session) => before.get(session.pid)?.started !== session.started)
      .map((session) => session.query);
  }

  beforeAll(async () => {
    app = await createTestApp({ analyticsDatabaseUrl: databaseUrlWith({ application_name: replicaName }) });
    const { db } = await testDatabase();
    const staffSession = await signUp(app, { email: uniqueEmail(`staff-${tag}`) });
    await db.update(users).set({ isStaff: true }).where(eq(users.id, staffSession.user.id));
    staff = { token: staffSession.token, id: staffSession.user.id, email: staffSession.user.email };
    const learnerSession = await signUp(app, { email: uniqueEmail(`learner-${tag}`) });
    learner = { token: learnerSession.token, id: learnerSession.user.id };
    const [row] = await db
      .insert(users)
      .values({ email: `reader.${tag}@example.com`, firstName: 'Reader', lastName: tag })
      .returning({ id: users.id, email: users.email });
    reader = row!;
    await db.insert(contactMessages).values({ email: reader.email, subject: `Hello ${tag}`, content: 'Hi' });
    const [report] = await db
      .insert(issueReports)
      .values({ userId: reader.id, issueId: 'audio', issueDescription: `No sound ${tag}` })
      .returning({ id: issueReports.id });
    reportId = report!.id;
  });

  afterAll(async () => {
    const { db } = await testDatabase();
    await db.delete(issueReports).where(eq(issueReports.id, reportId));
    await db.delete(contactMessages).where(eq(contactMessages.subject, `Hello ${tag}`));
    await db.delete(users).where(eq(users.id, reader.id));
    await app.close();
  });

  /** Every read of the analytics, and a piece of the SQL its last statement starts with. */
  const reads = () => [
    { url: '/analytics/users/', sql: 'AS total_users' },
    { url: '/analytics/earnings/', sql: 'AS total_earnings' },
    { url: '/analytics/records/', sql: 'analytics_counters' },
    { url: '/analytics/charts/', sql: 'generate_series' },
    { url: '/analytics/subscriptions/', sql: 'premium_subscriptions' },
    { url: `/analytics/issue_reports/?search=${tag}`, sql: 'issue_reports' },
    { url: `/analytics/new_users/?search=reader.${tag}`, sql: 'FROM users' },
    { url: `/analytics/contact_messages/?search=${tag}`, sql: 'contact_messages' },
    { url: '/analytics/premium_analysis/', sql: 'WITH signups' },
    { url: `/analytics/user_info/?user_id=${reader.id}`, sql: 'user_actions' },
  ];

  it('covers every read of the contract (every staff GET but the token, which writes)', () => {
    const declared = Object.values(analyticsEndpoints)
      .filter((endpoint) => endpoint.access === 'staff' && endpoint.method === 'GET')
      .map((endpoint) => endpoint.path)
      .filter((path) => path !== analyticsEndpoints.token.path);
    expect(new Set(reads().map((read) => read.url.split('?')[0]))).toEqual(new Set(declared));
  });

  it('runs every read on the replica, and answers from it', async () => {
    for (const read of reads()) {
      let status = 0;
      const statements = await replicaStatementsDuring(async () => {
        status = (await get(read.url)).statusCode;
      });
      expect(status, read.url).toBe(200);
      expect(statements.join('\n'), read.url).toContain(read.sql);
    }
    // The answers themselves (the test app checks each against its contract schema as well).
    expect((await get(`/analytics/new_users/?search=reader.${tag}`)).json()).toMatchObject({
      count: 1,
      results: [{ user_id: reader.id, email: reader.email }],
    });
    expect((await get(`/analytics/contact_messages/?search=${tag}`)).json()).toMatchObject({
      count: 1,
      results: [{ email: reader.email, subject: `Hello ${tag}` }],
    });
    expect((await get(`/analytics/issue_reports/?search=${tag}`)).json()).toMatchObject({
      count: 1,
      results: [{ id: reportId, user: `Reader ${tag}`, resolved: false }],
    });
    expect((await get(`/analytics/user_info/?user_id=${reader.id}`)).json()).toMatchObject({
      id: reader.id,
      email: reader.email,
      first_name: 'Reader',
      total_learned: 0,
      premium_subscriptions: [],
    });
    expect((await get('/analytics/user_info/?user_id=2000000000')).statusCode).toBe(404);
  });

  it('resolves a report on the primary, and answers it from there', async () => {
    const patch = (resolved: boolean) =>
      request(app, {
        method: 'PATCH',
        url: `${API_BASE}/analytics/issue_reports/${reportId}/`,
        token: staff.token,
        payload: { resolved },
      });
    let answer: Awaited<ReturnType<typeof patch>> | undefined;
    const statements = await replicaStatementsDuring(async () => {
      answer = await patch(true);
    });
    expect(statements).toEqual([]);
    expect(answer!.statusCode, answer!.body).toBe(200);
    expect(answer!.json()).toMatchObject({ id: reportId, resolved: true });
    const { db } = await testDatabase();
    const [row] = await db.select().from(issueReports).where(eq(issueReports.id, reportId));
    expect(row).toMatchObject({ resolved: true, resolvedBy: staff.id });
    expect((await patch(false)).json()).toMatchObject({ resolved: false });
  });

  it('issues an impersonation token on the primary', async () => {
    let answer: Awaited<ReturnType<typeof get>> | undefined;
    const statements = await replicaStatementsDuring(async () => {
      answer = await get(`/analytics/token/?user_id=${learner.id}`);
    });
    expect(statements).toEqual([]);
    expect(answer!.statusCode, answer!.body).toBe(200);
    const profile = await request(app, { method: 'GET', url: `${API_BASE}/profile/`, token: answer!.body });
    expect(profile.json()).toMatchObject({ id: learner.id, impersonated_by: staff.email });
  });

  it('writes the rollup counters on the primary', async () => {
    // A rollup sent to the read-only pool would fail and wait a minute for its retry.
    await app.jobs.drain({ names: [ANALYTICS_ROLLUP_QUEUE], timeoutMs: 10_000 });
    const counts = await app.jobs.counts(ANALYTICS_ROLLUP_QUEUE);
    expect(counts.completed).toBeGreaterThanOrEqual(1);
    expect(counts.retry ?? 0).toBe(0);
  });

  it('answers the analytics 500 while the replica is down; learners and readiness notice nothing', async () => {
    const cutOff = await createTestApp({
      analyticsDatabaseUrl: `postgres://postgres@127.0.0.1:${await freePort()}/nobody_listens`,
    });
    try {
      await cutOff.listen({ port: 0, host: '127.0.0.1' });
      const call = (url: string, token?: string) =>
        request(cutOff, { method: 'GET', url: `${API_BASE}${url}`, ...(token ? { token } : {}) });
      expect((await call('/analytics/users/', staff.token)).json()).toMatchObject({ code: 'server_error' });
      expect((await call('/profile/', learner.token)).statusCode).toBe(200);
      expect((await call('/ready/')).statusCode).toBe(200);
    } finally {
      await cutOff.close();
    }
  });

  it('opens read-only sessions that keep the URL’s own options: a write sent there fails loudly', async () => {
    const replica = openReadReplica(databaseUrlWith({ options: '-c work_mem=5MB' }));
    try {
      const [settings] = await queryRows<Record<string, string>>(
        replica.db,
        sql`SELECT current_setting('default_transaction_read_only') AS read_only,
                   current_setting('work_mem') AS work_mem, current_setting('application_name') AS name`,
      );
      expect(settings).toEqual({ read_only: 'on', work_mem: '5MB', name: 'vocagarden-analytics' });
      const write = replica.db.insert(contactMessages).values({ email: reader.email, subject: tag, content: '' });
      // 25006: read_only_sql_transaction.
      expect(
        sqlState(
          await write.then(
            () => undefined,
            (error: unknown) => error,
          ),
        ),
      ).toBe('25006');
    } finally {
      await replica.close();
    }
  });
});

describe.skipIf(onPostgres)('on the embedded database', () => {
  it('refuses to start with ANALYTICS_DATABASE_URL, saying what to set', { timeout: 60_000 }, async () => {
    const server = startServer(await freePort(), {
      DATABASE_URL: '',
      ANALYTICS_DATABASE_URL: 'postgres://vocagarden@replica.invalid/vocagarden',
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('ANALYTICS_DATABASE_URL needs DATABASE_URL');
    expect(server.output()).toContain('Set DATABASE_URL to the primary, or remove ANALYTICS_DATABASE_URL');
  });
});
