// `npm run seed:synthetic`: fills an EMPTY PostgreSQL database with a synthetic business at the
// scale the staff analytics must serve (decision 015) — 100,000 learners, 10,000,000 word records
// (7.5 M known + 2.5 M challenging), 50,000 plans with their paid orders, 1,000,000 product events,
// 5,000 issue reports, 5,000 contact messages, 2,000 classrooms — for `npm run bench`.
//
//   createdb -h 127.0.0.1 -U postgres vg_bench
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/vg_bench npm run seed:synthetic
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/vg_bench npm run bench
//   dropdb -h 127.0.0.1 -U postgres vg_bench
//
// Everything is generated inside PostgreSQL (INSERT … SELECT over generate_series), so nothing
// crosses the wire row by row. The big tables are loaded without their secondary indexes, which
// are rebuilt afterwards (a sorted build is far quicker than 10 M random inserts); as a superuser
// the foreign-key triggers are skipped too (session_replication_role = replica: the generated rows
// are consistent by construction). It refuses a database that already has users, and the embedded
// PGlite: 10 M rows are not what it is for.
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { refreshAnalyticsCounters } from '../apps/server/src/modules/analytics/analytics-rollups.ts';
import planSeed from '../apps/server/src/modules/premium/plans.json' with { type: 'json' };
import { ensureBundledContent } from '../apps/server/src/modules/vocabulary/content-import.ts';

const SCALE = {
  users: 100_000,
  knownPerUser: 75,
  hardPerUser: 25,
  subscriptions: 50_000,
  /** Orders that were never paid (declined, abandoned), besides the paid one of every plan. */
  unpaidOrders: 5_000,
  events: 1_000_000,
  issueReports: 5_000,
  contactMessages: 5_000,
  classrooms: 2_000,
  /** How far back the business goes. */
  days: 3 * 365,
} as const;

/** The tables loaded in bulk: their secondary indexes are dropped first and rebuilt at the end. */
const BULK_TABLES = [
  'users',
  'user_actions',
  'voca_records',
  'voca_hard_records',
  'premium_subscriptions',
  'orders',
  'product_events',
  'issue_reports',
  'contact_messages',
  'classrooms',
];

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
  console.error(
    'seed:synthetic needs DATABASE_URL=postgres://… naming an empty PostgreSQL database.\n' +
      'It refuses the embedded database: ten million rows are for PostgreSQL.',
  );
  process.exit(2);
}

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const log = (message: string) => console.log(`[${elapsed().padStart(8)}] ${message}`);

const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });

/** A connection with settings for bulk loading; `replica` skips FK triggers when we may. */
async function bulkConnection(): Promise<{ client: pg.PoolClient; triggersOff: boolean }> {
  const client = await pool.connect();
  await client.query("SET synchronous_commit = off; SET maintenance_work_mem = '512MB'; SET work_mem = '256MB'");
  let triggersOff = true;
  try {
    await client.query('SET session_replication_role = replica');
  } catch {
    triggersOff = false;
  }
  return { client, triggersOff };
}

async function timed(client: pg.PoolClient, label: string, text: string) {
  const at = performance.now();
  const result = await client.query(text);
  log(`${label}: ${result.rowCount ?? 0} rows in ${((performance.now() - at) / 1000).toFixed(1)} s`);
}

// 1. Schema, vocabulary and plans, through the app's own code.
const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl });
const database = await openDatabase({ databaseUrl });
let indexes: { tablename: string; indexname: string; indexdef: string }[] = [];
let rebuilt = false;
const [first, second] = [await bulkConnection(), await bulkConnection()];
try {
  await database.migrate();
  const existing = await first.client.query('SELECT EXISTS (SELECT 1 FROM users) AS taken');
  if (existing.rows[0].taken) {
    console.error('The database already has users: seed:synthetic only fills an empty database (createdb a new one).');
    process.exitCode = 2;
  } else {
    await seed();
  }
} finally {
  if (!rebuilt && indexes.length > 0) await rebuildIndexes().catch((error) => console.error(error));
  first.client.release();
  second.client.release();
  await pool.end();
  await database.close();
}

async function seed() {
  const content = await ensureBundledContent(database.db, config.CONTENT_DIR);
  log(`vocabulary: ${content ? `${content.inserted} rows imported` : 'already there'}`);
  for (const plan of planSeed as {
    key: string;
    unit: string;
    unit_price: number;
    currency: string;
    active: boolean;
  }[]) {
    await first.client.query(
      'INSERT INTO plans (key, unit, unit_price, currency, active) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (key) DO NOTHING',
      [plan.key, plan.unit, plan.unit_price, plan.currency, plan.active],
    );
  }
  log(
    first.triggersOff
      ? 'bulk mode: foreign-key triggers off for the load (superuser), secondary indexes rebuilt afterwards'
      : 'bulk mode: not a superuser, so foreign keys are checked row by row (slower); secondary indexes rebuilt afterwards',
  );

  // 2. Secondary indexes out of the way.
  indexes = (
    await first.client.query<{ tablename: string; indexname: string; indexdef: string }>(
      `SELECT i.tablename, i.indexname, i.indexdef FROM pg_indexes i
       WHERE i.schemaname = 'public' AND i.tablename = ANY($1)
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
      [BULK_TABLES],
    )
  ).rows;
  for (const index of indexes) await first.client.query(`DROP INDEX "${index.indexname}"`);
  log(`dropped ${indexes.length} secondary indexes for the load`);

  // 3. Users: sign-ups growing towards today; activity skewed towards the recent past.
  await timed(
    first.client,
    'users',
    `INSERT INTO users (email, first_name, last_name, native_language_code, date_joined, last_activity)
     SELECT 'learner' || g || '@synthetic.vocagarden.test',
            (ARRAY['Ayşe','Mehmet','Zeynep','Mustafa','Elif','Ahmet','Leyla','Emre','Aysel','Murad',
                   'Lucía','Mateo','Sofía','Hugo','Emma','Noah','Olivia','Liam','Defne','Can'])[1 + g % 20],
            CASE WHEN g % 7 = 0 THEN '' ELSE (ARRAY['Yılmaz','Kaya','Demir','Şahin','Çelik','Aliyev','Həsənov',
                   'García','López','Smith','Brown','Öztürk','Aydın','Arslan','Doğan'])[1 + (g / 20) % 15] END,
            (ARRAY['tr','tr','tr','en','es','az'])[1 + g % 6],
            j.joined,
            CASE WHEN g % 10 = 0 THEN NULL
                 ELSE j.joined + (now() - j.joined) * (1 - power(random(), 4)) END
     FROM generate_series(1, ${SCALE.users}) g,
          LATERAL (SELECT now() - interval '${SCALE.days} days' * power(1 - g::float8 / ${SCALE.users + 1}, 1.5)
                             + interval '1 minute' * (random() * 30) AS joined) j
     ORDER BY g`,
  );
  await first.client.query(`UPDATE users SET last_activity = now() WHERE last_activity > now()`);
  await first.client.query(`UPDATE users SET date_joined = now() - interval '1 minute' WHERE date_joined > now()`);
  await first.client.query(
    `CREATE TEMP TABLE seed_users AS SELECT row_number() OVER (ORDER BY id)::int AS n, id, date_joined FROM users;
     ALTER TABLE seed_users ADD PRIMARY KEY (n); ANALYZE seed_users`,
  );
  await second.client.query(
    `CREATE TEMP TABLE seed_users AS SELECT row_number() OVER (ORDER BY id)::int AS n, id, date_joined FROM users;
     ALTER TABLE seed_users ADD PRIMARY KEY (n); ANALYZE seed_users;
     CREATE TEMP TABLE seed_vocas AS SELECT (row_number() OVER (ORDER BY id) - 1)::int AS n, id FROM vocas;
     ALTER TABLE seed_vocas ADD PRIMARY KEY (n); ANALYZE seed_vocas`,
  );
  await first.client.query(
    `CREATE TEMP TABLE seed_vocas AS SELECT (row_number() OVER (ORDER BY id) - 1)::int AS n, id FROM vocas;
     ALTER TABLE seed_vocas ADD PRIMARY KEY (n); ANALYZE seed_vocas`,
  );
  const vocaCount = Number((await first.client.query('SELECT count(*) AS n FROM seed_vocas')).rows[0].n);
  if (vocaCount < SCALE.knownPerUser + SCALE.hardPerUser) {
    throw new Error(
      `Only ${vocaCount} words: each learner needs ${SCALE.knownPerUser + SCALE.hardPerUser} distinct ones.`,
    );
  }

  // 4. The two big loads side by side (2 connections), each followed by smaller tables.
  /** A learner's k-th word: distinct for k < vocaCount, spread over the set, never both known and hard. */
  const records = (table: string, from: number, count: number) =>
    `INSERT INTO ${table} (user_id, voca_id, created_at)
     SELECT u.id, v.id, u.date_joined + (now() - u.date_joined) * random()
     FROM seed_users u
     CROSS JOIN generate_series(${from}, ${from + count - 1}) k
     JOIN seed_vocas v ON v.n = (u.n * 37 + k) % ${vocaCount}
     ORDER BY u.n, k`;

  await Promise.all([
    (async () => {
      await timed(first.client, 'voca_records (known)', records('voca_records', 0, SCALE.knownPerUser));
      await timed(
        first.client,
        'user_actions (sign-ups)',
        `INSERT INTO user_actions (user_id, action, details, created_at)
         SELECT id, 'signup', '', date_joined FROM seed_users ORDER BY n`,
      );
    })(),
    (async () => {
      await timed(
        second.client,
        'voca_hard_records (challenging)',
        records('voca_hard_records', SCALE.knownPerUser, SCALE.hardPerUser),
      );
      await timed(
        second.client,
        'product_events',
        `INSERT INTO product_events (user_id, event, payload, created_at)
         SELECT CASE WHEN g % 10 = 0 THEN NULL ELSE u.id END,
                e.event,
                CASE WHEN e.event = 'display_card' THEN jsonb_build_object('voca_id', v.id) ELSE '{}'::jsonb END,
                now() - interval '${SCALE.days} days' * power(random(), 1.5)
         FROM generate_series(1, ${SCALE.events}) g
         JOIN seed_users u ON u.n = 1 + (g::bigint * 7919) % ${SCALE.users}
         JOIN seed_vocas v ON v.n = g % ${vocaCount}
         CROSS JOIN LATERAL (SELECT CASE
                  WHEN g % 20 < 12 THEN 'display_card'
                  WHEN g % 20 < 14 THEN 'paywall_click'
                  WHEN g % 20 < 17 THEN 'study_started'
                  WHEN g % 20 < 19 THEN 'study_finished'
                  ELSE 'pdf_download_click' END AS event) e`,
      );
      // Plans and the paid order behind each, in one statement: the order points at its plan.
      await timed(
        second.client,
        'premium_subscriptions + paid orders',
        `WITH bought AS (
           SELECT i, u.id AS user_id, unit, units,
                  u.date_joined + (now() - u.date_joined) * power(random(), 0.7) AS start_date
           FROM generate_series(1, ${SCALE.subscriptions}) i
           JOIN seed_users u ON u.n = 1 + ((i % 35000) * 7919) % ${SCALE.users}
           CROSS JOIN LATERAL (SELECT CASE WHEN i % 5 < 3 THEN 'week' ELSE 'month' END AS unit,
                                      CASE WHEN i % 5 < 3 THEN 1 + i % 8 ELSE 1 + i % 6 END AS units) p
         ),
         plans_by_unit AS (SELECT DISTINCT ON (unit) id, unit, unit_price FROM plans ORDER BY unit, id),
         subscriptions AS (
           INSERT INTO premium_subscriptions (user_id, plan, start_date, end_date, payment_amount, currency, created_at)
           SELECT b.user_id,
                  CASE WHEN b.unit = 'week' THEN 'Week ' ELSE 'Month ' END || b.units,
                  b.start_date,
                  b.start_date + CASE WHEN b.unit = 'week' THEN interval '7 days' ELSE interval '1 month' END * b.units,
                  p.unit_price * b.units, 'TRY', b.start_date
           FROM bought b JOIN plans_by_unit p ON p.unit = b.unit
           ORDER BY b.start_date
           RETURNING id, user_id, plan, start_date, payment_amount
         )
         INSERT INTO orders (user_id, plan_id, units, unit_price, amount, currency, status, provider,
                             provider_reference, subscription_id, created_at, paid_at)
         SELECT s.user_id, p.id, split_part(s.plan, ' ', 2)::int, p.unit_price, s.payment_amount, 'TRY', 'paid',
                'sandbox', 'synthetic-' || s.id, s.id, s.start_date - interval '2 minutes', s.start_date
         FROM subscriptions s
         JOIN plans_by_unit p ON p.unit = CASE WHEN s.plan LIKE 'Week %' THEN 'week' ELSE 'month' END`,
      );
      await timed(
        second.client,
        'orders (declined and abandoned)',
        `INSERT INTO orders (user_id, plan_id, units, unit_price, amount, currency, status, provider, failure_reason, created_at)
         SELECT u.id, p.id, 1, p.unit_price, p.unit_price, 'TRY', CASE WHEN g % 2 = 0 THEN 'failed' ELSE 'pending' END,
                'sandbox', CASE WHEN g % 2 = 0 THEN 'declined' END,
                u.date_joined + (now() - u.date_joined) * random()
         FROM generate_series(1, ${SCALE.unpaidOrders}) g
         JOIN seed_users u ON u.n = 1 + (g * 104729) % ${SCALE.users}
         CROSS JOIN LATERAL (SELECT id, unit_price FROM plans ORDER BY id LIMIT 1) p`,
      );
      await timed(
        second.client,
        'user_actions (purchases)',
        `INSERT INTO user_actions (user_id, action, details, created_at)
         SELECT user_id, 'premium_purchase', 'order ' || id, paid_at FROM orders WHERE status = 'paid' ORDER BY id`,
      );
      await timed(
        second.client,
        'issue_reports',
        `INSERT INTO issue_reports (user_id, issue_id, issue_description, page, voca_id, resolved, resolved_at, created_at)
         SELECT u.id, (ARRAY['wrong_translation','audio','app_bug','other'])[1 + g % 4],
                'Synthetic report ' || g || ': ' || (ARRAY['the translation looks wrong','no sound on this word',
                  'the page froze','please add more words'])[1 + g % 4],
                CASE WHEN g % 3 = 0 THEN NULL ELSE '/category/' || (1 + g % 40) END,
                CASE WHEN g % 4 < 2 THEN v.id END,
                g % 2 = 0, CASE WHEN g % 2 = 0 THEN c.created_at + interval '1 day' END, c.created_at
         FROM generate_series(1, ${SCALE.issueReports}) g
         JOIN seed_users u ON u.n = 1 + (g * 7907) % ${SCALE.users}
         JOIN seed_vocas v ON v.n = (g * 13) % ${vocaCount}
         CROSS JOIN LATERAL (SELECT u.date_joined + (now() - u.date_joined) * random() AS created_at) c`,
      );
      await timed(
        second.client,
        'contact_messages',
        `INSERT INTO contact_messages (email, subject, content, user_id, created_at)
         SELECT CASE WHEN g % 3 = 0 THEN 'visitor' || g || '@example.com' ELSE 'learner' || u.n || '@synthetic.vocagarden.test' END,
                (ARRAY['Billing question','Classroom help','Feature request','Account access','Partnership'])[1 + g % 5] || ' #' || g,
                'Synthetic message ' || g || '. ' || repeat('Lorem ipsum dolor sit amet. ', 1 + g % 8),
                CASE WHEN g % 3 = 0 THEN NULL ELSE u.id END,
                now() - interval '${SCALE.days} days' * power(random(), 1.5)
         FROM generate_series(1, ${SCALE.contactMessages}) g
         JOIN seed_users u ON u.n = 1 + (g * 7901) % ${SCALE.users}`,
      );
      await timed(
        second.client,
        'classrooms',
        `INSERT INTO classrooms (name, description, admin_id, pin, graphic_uri, created_at)
         SELECT 'Synthetic class ' || g, 'A classroom of the synthetic data set.', u.id, 'SYN' || lpad(g::text, 6, '0'),
                '', u.date_joined + (now() - u.date_joined) * random()
         FROM generate_series(1, ${SCALE.classrooms}) g
         JOIN seed_users u ON u.n = 1 + (g * 7883) % ${SCALE.users}`,
      );
    })(),
  ]);

  // 5. Indexes back, statistics and the visibility map (index-only counts), the records rollup.
  await rebuildIndexes();
  const vacuumAt = performance.now();
  await Promise.all([
    first.client.query('VACUUM (ANALYZE) voca_records'),
    (async () => {
      await second.client.query('VACUUM (ANALYZE) voca_hard_records');
      for (const table of BULK_TABLES.filter((name) => !name.startsWith('voca_'))) {
        await second.client.query(`VACUUM (ANALYZE) ${table}`);
      }
    })(),
  ]);
  log(`VACUUM ANALYZE: ${((performance.now() - vacuumAt) / 1000).toFixed(1)} s`);
  await refreshAnalyticsCounters(database.db);
  log('analytics rollup (record counters) refreshed');

  const totals = await first.client.query(
    `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM voca_records) AS known,
            (SELECT count(*) FROM voca_hard_records) AS hard, (SELECT count(*) FROM premium_subscriptions) AS plans,
            (SELECT count(*) FROM orders WHERE status = 'paid') AS paid, (SELECT count(*) FROM product_events) AS events,
            (SELECT count(*) FROM issue_reports) AS reports, (SELECT count(*) FROM contact_messages) AS messages,
            (SELECT count(*) FROM classrooms) AS classrooms`,
  );
  log(`done: ${JSON.stringify(totals.rows[0])}`);
  log(
    `database size: ${(await first.client.query('SELECT pg_size_pretty(pg_database_size(current_database())) AS s')).rows[0].s}`,
  );
}

/** Rebuilds the dropped indexes, two at a time (one per connection), biggest tables first. */
async function rebuildIndexes() {
  const at = performance.now();
  const queue = [...indexes].sort(
    (a, b) => Number(b.tablename.startsWith('voca_')) - Number(a.tablename.startsWith('voca_')),
  );
  const worker = async (client: pg.PoolClient) => {
    for (let index = queue.shift(); index; index = queue.shift()) {
      await client.query(index.indexdef.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
    }
  };
  await Promise.all([worker(first.client), worker(second.client)]);
  rebuilt = true;
  log(`rebuilt ${indexes.length} secondary indexes in ${((performance.now() - at) / 1000).toFixed(1)} s`);
}
