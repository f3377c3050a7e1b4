// `npm run bench`: the speed targets the issues name, measured in one run on PostgreSQL (a fresh
// database on BENCH_DATABASE_URL or TEST_DATABASE_URL, dropped afterwards) — the targets are set
// for it — and, for comparison, on the embedded PGlite (WebAssembly, single connection, slower).
// Each row reports measured ÷ target: ≤ 1 meets the target.
//
// The staff analytics section runs on the database BENCH_DATABASE_URL names itself, once it holds
// the synthetic business of `npm run seed:synthetic` (100,000 users, 10 M records …): each analytics
// endpoint's p95 over 30 requests against 250 ms (decision 015). Its writes (a staff account, the
// impersonation tokens, one report's resolved flag) are undone at the end. BENCH_ONLY=analytics
// runs this section alone; BENCH_ONLY=email the campaign section (decision 018).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client.ts';
import { analyticsCounters, vocaRecords } from '../apps/server/src/db/schema.ts';
import { importContentFiles } from '../apps/server/src/modules/vocabulary/content-import.ts';
import { measureHttp } from './bench-http.ts';

const WORDS = 13_000;
const targets = {
  importMs: 30_000,
  searchMs: 20,
  recordsMs: 50,
  analyticsP95Ms: 250,
  /** Issue 13: 50,000 recipients fixed and queued in under a minute, 200 messages a second. */
  campaignEnqueueMs: 60_000,
  campaignMsPerMessage: 5,
};
/** The campaign section's audience, and how long its sending is watched. */
const CAMPAIGN_RECIPIENTS = 50_000;
const CAMPAIGN_WATCH_MS = 15_000;
/** What `npm run seed:synthetic` makes; a database with fewer users is not the analytics' scale. */
const SEEDED_USERS = 100_000;

function syntheticContent(): string {
  const lines: string[] = [];
  const levels = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'];
  const syllables = ['ka', 'lo', 'mi', 'ren', 'tu', 'sol', 'va', 'ne', 'dor', 'pi', 'zu', 'gar', 'el', 'fin', 'os'];
  const made = (n: number, salt: number) =>
    Array.from({ length: 3 + (n % 3) }, (_, i) => syllables[(n * (i + 7) + salt * 13 + i) % syllables.length]).join(
      '',
    ) + n;
  const perLevel = Math.ceil(WORDS / levels.length);
  levels.forEach((level, levelIndex) => {
    const categoryId = 900 + levelIndex;
    lines.push(
      JSON.stringify({
        kind: 'category',
        id: categoryId,
        level,
        order: 1,
        illustration: 'leaf',
        title: { en: `Bench ${level}`, es: 'b', tr: 'b', az: 'b' },
        description: { en: 'Synthetic words.', es: 'b', tr: 'b', az: 'b' },
      }),
    );
    const ids: number[] = [];
    for (let i = 0; i < perLevel && levelIndex * perLevel + i < WORDS; i += 1) {
      const n = levelIndex * perLevel + i;
      const id = 1_000_000 + n;
      ids.push(id);
      lines.push(
        JSON.stringify({
          kind: 'word',
          id,
          word: made(n, 1),
          pos: 'noun',
          level,
          definition: `synthetic definition ${n}`,
          example: `An example with ${made(n, 1)}.`,
          tr: [made(n, 2)],
          es: [made(n, 3), made(n, 4)],
          az: [made(n, 5)],
        }),
      );
    }
    for (let start = 0, order = 1; start < ids.length; start += 25, order += 1) {
      lines.push(
        JSON.stringify({
          kind: 'list',
          id: 90_000 + levelIndex * 1000 + order,
          category: categoryId,
          order,
          title: { en: `Bench ${order}`, es: 'b', tr: 'b', az: 'b' },
          words: ids.slice(start, start + 25),
        }),
      );
    }
  });
  return `${lines.join('\n')}\n`;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)]!;

const benchConfig = {
  LOG_LEVEL: 'silent',
  PASSWORD_HASH_LOG_N: 10,
  WEB_DIST_DIR: '/nonexistent',
  PUBLIC_URL: 'http://bench',
  SMTP_URL: undefined,
  EMAIL_FROM: 'bench',
  REDIS_URL: undefined,
  TRUST_PROXY: false,
  DEV_TOOLS: false,
  OIDC_PROVIDERS: [],
  ILLUSTRATIONS_DIR: tmpdir(),
} as const;

function printRows(name: string, rows: [string, number, number][]) {
  console.log(`\n${name}`);
  for (const [label, value, target] of rows) {
    const ratio = value / target;
    console.log(
      `  ${label.padEnd(64)} ${value.toFixed(1).padStart(9)}   target ${String(target).padStart(6)}   ratio ${ratio.toFixed(2)} ${ratio <= 1 ? 'ok' : 'SLOW'}`,
    );
  }
}

async function measure(name: string, database: DatabaseHandle, file: string) {
  await database.migrate();
  const rows: [string, number, number][] = [];

  let started = performance.now();
  const report = await importContentFiles(database.db, [file]);
  if (report.problems.length) throw new Error(JSON.stringify(report.problems.slice(0, 3)));
  rows.push([`import ${WORDS} words (ms)`, performance.now() - started, targets.importMs]);

  const app = await buildApp({ database, config: { ...benchConfig, OIDC_PROVIDERS: [] } });
  const signup = await app.inject({
    method: 'POST',
    url: '/cyberapi/auth/signup/',
    payload: { email: `bench${Date.now()}@example.com`, password: 'bench-garden-42', accept_terms: true },
  });
  const { token, user } = signup.json() as { token: string; user: { id: number } };
  const headers = { authorization: `Token ${token}` };

  const queries = ['kalo', 'mire', 'solva', 'tu', 'dorpi', 'zugar', 'elfin', 'renos', 'vane', 'gar1', 'kalomi', 'pizu'];
  for (const q of queries) await app.inject({ method: 'GET', url: `/cyberapi/vocas/search/?q=${q}`, headers });
  const searchTimes: number[] = [];
  for (let round = 0; round < 10; round += 1) {
    for (const q of queries) {
      started = performance.now();
      const response = await app.inject({ method: 'GET', url: `/cyberapi/vocas/search/?q=${q}${round}`, headers });
      searchTimes.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(response.body);
    }
  }
  rows.push(['search, median (ms)', median(searchTimes), targets.searchMs]);
  rows.push(['search, p95 (ms)', p95(searchTimes), targets.searchMs]);

  const ids = Array.from({ length: WORDS }, (_, n) => 1_000_000 + n);
  for (let start = 0; start < ids.length; start += 2000) {
    await database.db
      .insert(vocaRecords)
      .values(ids.slice(start, start + 2000).map((vocaId) => ({ userId: user.id, vocaId })));
  }
  const recordTimes: number[] = [];
  for (let round = 0; round < 30; round += 1) {
    started = performance.now();
    const response = await app.inject({ method: 'GET', url: '/cyberapi/vocarecords/', headers });
    recordTimes.push(performance.now() - started);
    if ((response.json() as unknown[]).length !== WORDS) throw new Error('records missing');
  }
  rows.push([`GET vocarecords/ with ${WORDS} rows, median (ms)`, median(recordTimes), targets.recordsMs]);
  await app.close();

  printRows(name, rows);
  return rows.every(([, value, target]) => value <= target);
}

/**
 * The staff analytics on the seeded database: every endpoint (and the costlier variants of the
 * tables: a deep page, sorting by a joined column, a search), p95 of 30 requests after 3 warm-ups,
 * as a staff member. Returns undefined when the database is not seeded.
 */
async function measureAnalytics(databaseUrl: string): Promise<boolean | undefined> {
  const database = await openDatabase({ databaseUrl });
  const query = async <T>(text: string, values: unknown[] = []) =>
    (await database.executeSql(text, values)).rows as T[];
  try {
    await database.migrate();
    const users = (await query<{ users: number }>('SELECT count(*)::int AS users FROM users'))[0]!.users;
    if (users < SEEDED_USERS) {
      console.log(
        `\nStaff analytics: not measured — ${new URL(databaseUrl).pathname.slice(1)} has ${users} users, not the ` +
          `synthetic ${SEEDED_USERS.toLocaleString('en')}. Seed a database first: ` +
          'DATABASE_URL=postgres://…/vg_bench npm run seed:synthetic, then BENCH_DATABASE_URL=postgres://…/vg_bench npm run bench.',
      );
      return undefined;
    }
    const app = await buildApp({ database, config: { ...benchConfig, OIDC_PROVIDERS: [] } });
    await app.ready();
    // The rollup queued at start recounts 10 M rows: let it finish before timing anything.
    await app.jobs.drain({ timeoutMs: 120_000 });
    const signup = await app.inject({
      method: 'POST',
      url: '/cyberapi/auth/signup/',
      payload: { email: `bench-staff-${Date.now()}@example.com`, password: 'bench-garden-42', accept_terms: true },
    });
    const { token, user: staff } = signup.json() as { token: string; user: { id: number } };
    await query('UPDATE users SET is_staff = true WHERE id = $1', [staff.id]);
    const learner = (
      await query<{ learner: number }>(
        'SELECT user_id AS learner FROM premium_subscriptions ORDER BY id LIMIT 1 OFFSET 1000',
      )
    )[0]!.learner;
    const [report] = await query<{ id: number; resolved: boolean }>(
      'SELECT id, resolved FROM issue_reports ORDER BY id LIMIT 1',
    );
    const headers = { authorization: `Token ${token}` };
    const [counters] = await database.db.select().from(analyticsCounters).limit(1);
    const cases: { label: string; url: string; method?: 'PATCH' }[] = [
      { label: 'GET analytics/users/', url: 'users/' },
      { label: 'GET analytics/earnings/', url: 'earnings/' },
      { label: `GET analytics/records/${counters ? '' : ' (no rollup yet!)'}`, url: 'records/' },
      { label: 'GET analytics/charts/', url: 'charts/' },
      { label: 'GET analytics/subscriptions/', url: 'subscriptions/' },
      { label: '  … ?ordering=user&page=1000 (sort on the join, deep)', url: 'subscriptions/?ordering=user&page=1000' },
      { label: '  … ?search=learner4242', url: 'subscriptions/?search=learner4242' },
      { label: 'GET analytics/issue_reports/', url: 'issue_reports/' },
      { label: '  … ?search=sound&ordering=-resolved', url: 'issue_reports/?search=sound&ordering=-resolved' },
      { label: 'GET analytics/new_users/', url: 'new_users/' },
      { label: '  … ?ordering=email&page=2000 (deep page)', url: 'new_users/?ordering=email&page=2000' },
      { label: '  … ?search=learner777', url: 'new_users/?search=learner777' },
      { label: 'GET analytics/contact_messages/', url: 'contact_messages/' },
      { label: '  … ?search=billing&ordering=subject', url: 'contact_messages/?search=billing&ordering=subject' },
      { label: 'GET analytics/premium_analysis/', url: 'premium_analysis/' },
      {
        label: '  … ?ordering=-month_overall_performance_percentage',
        url: 'premium_analysis/?ordering=-month_overall_performance_percentage',
      },
      { label: 'GET analytics/user_info/', url: `user_info/?user_id=${learner}` },
      { label: 'GET analytics/token/', url: `token/?user_id=${learner}` },
      { label: 'PATCH analytics/issue_reports/{id}/', url: `issue_reports/${report!.id}/`, method: 'PATCH' },
    ];
    const rows: [string, number, number][] = [];
    try {
      for (const { label, url, method } of cases) {
        const times: number[] = [];
        for (let round = 0; round < 33; round += 1) {
          const started = performance.now();
          const response = await app.inject({
            method: method ?? 'GET',
            url: `/cyberapi/analytics/${url}`,
            headers,
            ...(method === 'PATCH' ? { payload: { resolved: round % 2 === 0 } } : {}),
          });
          const took = performance.now() - started;
          if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body}`);
          if (round >= 3) times.push(took);
        }
        rows.push([`${label}, p95 (ms)`, p95(times), targets.analyticsP95Ms]);
      }
    } finally {
      await app.close();
      // Undo the bench's writes: the staff account (its impersonation tokens go with it), the
      // impersonation entries in the learner's log, the report's flag.
      await query(`DELETE FROM user_actions WHERE user_id = $1 AND details LIKE $2`, [
        learner,
        `staff_id=${staff.id} %`,
      ]);
      await query('DELETE FROM users WHERE id = $1', [staff.id]);
      await query(
        `UPDATE issue_reports SET resolved = $2, resolved_at = CASE WHEN $2 THEN resolved_at END,
                resolved_by = NULL WHERE id = $1`,
        [report!.id, report!.resolved],
      );
    }
    printRows(
      `Staff analytics on ${new URL(databaseUrl).pathname.slice(1)} (${users.toLocaleString('en')} users; p95 of 30 requests)`,
      rows,
    );
    return rows.every(([, value, target]) => value <= target);
  } finally {
    await database.close();
  }
}

/**
 * Campaign email (decision 018) on a fresh PostgreSQL database: 50,000 consenting learners, one
 * campaign to all of them — the time to fix its recipients and queue it, then the sending rate to
 * an SMTP server on loopback (in this process; it accepts and discards) over CAMPAIGN_WATCH_MS.
 */
async function measureCampaigns(database: DatabaseHandle): Promise<boolean> {
  await database.migrate();
  let delivered = 0;
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        delivered += 1;
        callback();
      });
    },
  });
  sink.on('error', () => {}); // a pooled connection reset at shutdown is not a result
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const port = (sink.server.address() as { port: number }).port;
  const app = await buildApp({
    database,
    config: { ...benchConfig, OIDC_PROVIDERS: [], SMTP_URL: `smtp://127.0.0.1:${port}`, EMAIL_CAMPAIGN_RATE: 10_000 },
  });
  await app.ready();
  try {
    await database.executeSql(
      `INSERT INTO users (email, first_name, native_language_code, email_campaigns, email_campaigns_consent_at)
       SELECT 'reader' || n || '@example.com', 'Reader', (ARRAY['en','es','tr','az'])[1 + n % 4], true, now()
       FROM generate_series(1, ${CAMPAIGN_RECIPIENTS}) AS n`,
    );
    const signup = await app.inject({
      method: 'POST',
      url: '/cyberapi/auth/signup/',
      payload: { email: `staff${Date.now()}@example.com`, password: 'bench-garden-42', accept_terms: true },
    });
    const { token, user } = signup.json() as { token: string; user: { id: number } };
    await database.executeSql(`UPDATE users SET is_staff = true WHERE id = ${user.id}`);
    const headers = { authorization: `Token ${token}` };
    const text = { en: 'Hello', es: 'Hola', tr: 'Merhaba', az: 'Salam' };
    const created = await app.inject({
      method: 'POST',
      url: '/cyberapi/campaigns/',
      headers,
      payload: {
        name: 'Bench',
        subject: text,
        body: { en: 'Read **more** at [our site](https://vocagarden.app/home).', es: 'x', tr: 'x', az: 'x' },
        audience: { plan: 'all', inactive_days: null, native_language_codes: [] },
      },
    });
    const { id } = created.json() as { id: number };
    let started = performance.now();
    const sent = await app.inject({ method: 'POST', url: `/cyberapi/campaigns/${id}/send/`, headers, payload: {} });
    const enqueueMs = performance.now() - started;
    const recipients = (sent.json() as { totals: { recipients: number } }).totals.recipients;
    if (recipients !== CAMPAIGN_RECIPIENTS)
      throw new Error(`expected ${CAMPAIGN_RECIPIENTS} recipients, got ${recipients}`);

    // The rate once sending runs (the first messages wait for the queue's next poll).
    while (delivered === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    started = performance.now();
    const from = delivered;
    await new Promise((resolve) => setTimeout(resolve, CAMPAIGN_WATCH_MS));
    const perMessage = (performance.now() - started) / (delivered - from);
    const rows: [string, number, number][] = [
      [
        `campaign to ${CAMPAIGN_RECIPIENTS} learners: fix recipients + queue (ms)`,
        enqueueMs,
        targets.campaignEnqueueMs,
      ],
      [`campaign sending to loopback SMTP, ms per message (5 = 200/s)`, perMessage, targets.campaignMsPerMessage],
    ];
    printRows(`Campaign email on PostgreSQL (${Math.round(1000 / perMessage)} messages/s)`, rows);
    return rows.every(([, value, target]) => value <= target);
  } finally {
    await app.close();
    await new Promise<void>((resolve) => sink.close(() => resolve()));
  }
}

const folder = mkdtempSync(join(tmpdir(), 'vocagarden-bench-'));
const file = join(folder, 'synthetic.jsonl');
writeFileSync(file, syntheticContent());
let allMet = true;
// BENCH_ONLY=http, =analytics or =email measures one section alone (the others take minutes).
const only = process.env.BENCH_ONLY;
try {
  if (!only || only === 'http') {
    allMet = await measureHttp(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL);
  }
  if (!only) {
    const embedded = await openDatabase({});
    await measure('PGlite (embedded, in memory; for comparison)', embedded, file);
    await embedded.close();
  }

  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (serverUrl && only !== 'analytics' && only !== 'http') {
    const name = `vocagarden_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    try {
      const server = await openDatabase({ databaseUrl: url.toString() });
      if (!only) allMet = (await measure('PostgreSQL (the targets apply here)', server, file)) && allMet;
      allMet = (await measureCampaigns(server)) && allMet;
      await server.close();
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  }
  if (!serverUrl) {
    allMet = false;
    console.log('\nSet BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server: the targets apply there.');
  } else if (only !== 'email' && only !== 'http') {
    const analyticsMet = await measureAnalytics(serverUrl);
    if (analyticsMet === undefined) allMet = false;
    else allMet = allMet && analyticsMet;
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
console.log(allMet ? '\nAll targets met on PostgreSQL.' : '\nTargets not met (or not measured) on PostgreSQL.');
process.exitCode = allMet ? 0 : 1;
