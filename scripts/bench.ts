// `npm run bench`: the speed targets the issues name, measured in one run on PostgreSQL (a fresh
// database on BENCH_DATABASE_URL or TEST_DATABASE_URL, dropped afterwards) — the targets are set
// for it — and, for comparison, on the embedded PGlite (WebAssembly, single connection, slower).
// Each row reports measured ÷ target: ≤ 1 meets the target.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client.ts';
import { vocaRecords } from '../apps/server/src/db/schema.ts';
import { importContentFiles } from '../apps/server/src/modules/vocabulary/content-import.ts';

const WORDS = 13_000;
const targets = { importMs: 30_000, searchMs: 20, recordsMs: 50 };

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

async function measure(name: string, database: DatabaseHandle, file: string) {
  await database.migrate();
  const rows: [string, number, number][] = [];

  let started = performance.now();
  const report = await importContentFiles(database.db, [file]);
  if (report.problems.length) throw new Error(JSON.stringify(report.problems.slice(0, 3)));
  rows.push([`import ${WORDS} words (ms)`, performance.now() - started, targets.importMs]);

  const app = await buildApp({
    database,
    config: {
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
    },
  });
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

  console.log(`\n${name}`);
  for (const [label, value, target] of rows) {
    const ratio = value / target;
    console.log(
      `  ${label.padEnd(44)} ${value.toFixed(1).padStart(9)}   target ${String(target).padStart(6)}   ratio ${ratio.toFixed(2)} ${ratio <= 1 ? 'ok' : 'SLOW'}`,
    );
  }
  return rows.every(([, value, target]) => value <= target);
}

const folder = mkdtempSync(join(tmpdir(), 'vocagarden-bench-'));
const file = join(folder, 'synthetic.jsonl');
writeFileSync(file, syntheticContent());
let allMet = true;
try {
  const embedded = await openDatabase({});
  await measure('PGlite (embedded, in memory; for comparison)', embedded, file);
  await embedded.close();

  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `vocagarden_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    try {
      const server = await openDatabase({ databaseUrl: url.toString() });
      allMet = await measure('PostgreSQL (the targets apply here)', server, file);
      await server.close();
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  } else {
    allMet = false;
    console.log('\nSet BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server: the targets apply there.');
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
console.log(allMet ? '\nAll targets met on PostgreSQL.' : '\nTargets not met (or not measured) on PostgreSQL.');
process.exitCode = allMet ? 0 : 1;
