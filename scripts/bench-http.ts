// The API's speed against a bare Fastify hello-world measured in the same run (issue 16): the built
// server runs as its own process, on a fresh PostgreSQL database and on a fresh embedded PGlite
// directory, and autocannon loads it from this process. The load generator, PostgreSQL and the
// server share the machine's cores, so the targets are ratios to the hello-world, not absolute
// figures (except PGlite's, which the issue sets in requests per second and megabytes). Each ratio
// is taken against the hello-world measured just before and just after its row (decision 046).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Client, type Result } from 'autocannon';
import pg from 'pg';
import { freePort } from '../apps/server/test/free-port.ts';
import { startBuiltServer, stopProcess, waitForReady, type RunningServer } from './built-server.ts';

const root = new URL('..', import.meta.url).pathname;
const API = '/cyberapi';
const DURATION_SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 8);
/**
 * Every row, the hello-world's too, is measured after this long under the same load, not counted:
 * a server is measured warm, as it runs, not while V8 compiles its hot paths and each new database
 * connection compiles its PL/pgSQL and plans its prepared statements.
 */
const WARM_UP_SECONDS = 2;
/** Enough parallel connections to keep a two-core server busy without measuring queueing. */
const READ_CONNECTIONS = 16;
/**
 * Each row's hello-world, measured before and after it for half a row's time each: together as long
 * as the row itself. It is warm from the first row on, so it needs only a short warm-up.
 */
const BASELINE_SECONDS = DURATION_SECONDS / 2;
const BASELINE_WARM_UP_SECONDS = 1;
const MARKING_LEARNERS = 50;
const PASSWORD = 'bench-garden-42';

export const httpTargets = {
  profilePostgresRatio: 0.4,
  recordsPostgresRatio: 0.3,
  markPostgresRatio: 0.1,
  markPostgresP99Ms: 50,
  profilePgliteRps: 1500,
  pgliteRssMb: 400,
};

type Server = Pick<RunningServer, 'url' | 'process'>;

/** The built server; BENCH_PROFILE=1 writes its CPU profile to /tmp/prof. */
const startServer = (env: Record<string, string>) =>
  startBuiltServer(env, { nodeArgs: process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [] });

/** The baseline: Fastify answering a constant JSON object, nothing else. */
async function startHelloWorld(): Promise<Server> {
  const port = await freePort();
  const script = `
    import Fastify from 'fastify';
    const app = Fastify();
    app.get('${API}/health/', async () => ({ hello: 'world' }));
    await app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: join(root, 'apps/server'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForReady(url, child, `${API}/health/`);
  return { url, process: child };
}

const stop = (server: Server) => stopProcess(server.process);

/** CPU time (user + system) the process has used so far, in microseconds. */
function cpuMicros(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, fields 14 and 15 of stat, in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

function rssMb(server: Server): number {
  const status = readFileSync(`/proc/${server.process.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function signUp(url: string, index: number): Promise<string> {
  const response = await fetch(`${url}${API}/auth/signup/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench.${index}.${Date.now()}@example.com`,
      password: PASSWORD,
      accept_terms: true,
      native_language_code: 'tr',
    }),
  });
  if (response.status !== 201) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

interface Load {
  path: string;
  method?: 'GET' | 'POST';
  /** One token per connection, in turn (each learner on their own connection). */
  tokens?: string[];
  body?: () => string;
  connections?: number;
  /** Requests per second for all connections together; unlimited when left out. */
  overallRate?: number;
  seconds?: number;
  warmUpSeconds?: number;
}

async function load(
  server: Server,
  {
    path,
    method = 'GET',
    tokens = [],
    body,
    connections = READ_CONNECTIONS,
    overallRate,
    seconds = DURATION_SECONDS,
    warmUpSeconds = WARM_UP_SECONDS,
  }: Load,
) {
  const run = (duration: number) => {
    let client = 0;
    return autocannon({
      url: `${server.url}${path}`,
      method,
      connections,
      duration,
      ...(overallRate ? { overallRate } : {}),
      headers: { 'content-type': 'application/json' },
      setupClient: (connection: Client) => {
        const token = tokens[client++ % Math.max(tokens.length, 1)];
        if (token) connection.setHeaders({ 'content-type': 'application/json', authorization: `Token ${token}` });
      },
      ...(body
        ? { requests: [{ method, setupRequest: (request: autocannon.Request) => ({ ...request, body: body() }) }] }
        : {}),
    });
  };
  await run(warmUpSeconds);
  const cpuBefore = cpuMicros(server.process.pid);
  const result: Result = await run(seconds);
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${method} ${path}: ${failed} of ${result.requests.total} requests failed`);
  // The server's own CPU per request: unlike req/s, hardly moved by whatever else the machine runs.
  const cpuPerRequest = (cpuMicros(server.process.pid) - cpuBefore) / result.requests.total;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpuPerRequest };
}

type Measured = Awaited<ReturnType<typeof load>>;

/** The hello-world's req/s, measured now. */
type Baseline = () => Promise<number>;

/**
 * A row, and the hello-world measured just before and just after it, averaged. The machine's speed
 * drifts during a run (its other tenants, its clock): a hello-world measured minutes earlier would
 * put that drift into the ratio, in either direction.
 */
async function besideBaseline(baseline: Baseline, row: () => Promise<Measured>) {
  const before = await baseline();
  const measured = await row();
  const after = await baseline();
  return { measured, baselineRps: (before + after) / 2 };
}

interface Row {
  name: string;
  measured: Measured;
  /** The hello-world's req/s beside this row, for the rows compared with it. */
  baselineRps?: number;
  /** What is compared with the target: a ratio to the hello-world, or an absolute figure. */
  shown: string;
  met: boolean;
}

const pct = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;

/** Up to `count` words of the free official lists, read through the API as a learner. */
async function freeWordIds(url: string, token: string, count = 3000): Promise<number[]> {
  const get = async <T>(path: string) =>
    (await (await fetch(`${url}${API}${path}`, { headers: { authorization: `Token ${token}` } })).json()) as T;
  const categories = await get<{ lists: { id: number; is_premium: boolean }[] }[]>('/vocacategories/');
  const ids = new Set<number>();
  for (const list of categories.flatMap((category) => category.lists).filter((list) => !list.is_premium)) {
    for (const word of (await get<{ words: { id: number }[] }>(`/vocabulletins/${list.id}/`)).words) ids.add(word.id);
    if (ids.size >= count) break;
  }
  return [...ids].slice(0, count);
}

/** How a row compares with its target on one database, given the hello-world's req/s beside it. */
type Judge = (measured: Measured, baselineRps: number) => Pick<Row, 'shown' | 'met'>;

/**
 * The built server on one database under the same loads: profile/ at its peak and at 70% of it, the
 * records read and marking. Returns the rows (named after `database`) and the server's RSS after them.
 */
async function measureServer(
  database: string,
  env: Record<string, string>,
  judge: { profile: Judge; records: Judge; mark: Judge },
  baseline: Baseline,
): Promise<{ rows: Row[]; rssMb: number }> {
  const server = await startServer(env);
  try {
    const tokens = await Promise.all(Array.from({ length: MARKING_LEARNERS }, (_, index) => signUp(server.url, index)));
    const words = await freeWordIds(server.url, tokens[0]!);
    // A small known set for the records read: the learner has marked a few words.
    for (const voca_id of words.slice(0, 20)) {
      await fetch(`${server.url}${API}/vocarecords/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Token ${tokens[0]}` },
        body: JSON.stringify({ voca_id }),
      });
    }
    const rows: Row[] = [];
    /** A row compared with the hello-world measured beside it. */
    const compared = async (name: string, judgeRow: Judge, spec: Load) => {
      const { measured, baselineRps } = await besideBaseline(baseline, () => load(server, spec));
      rows.push({ name, measured, baselineRps, ...judgeRow(measured, baselineRps) });
      return measured;
    };
    const profile = await compared(`GET profile/ (${database})`, judge.profile, { path: `${API}/profile/`, tokens });
    const steady = await load(server, { path: `${API}/profile/`, tokens, overallRate: Math.round(profile.rps * 0.7) });
    rows.push({
      name: `GET profile/ at 70% of its peak (${database})`,
      measured: steady,
      shown: `p99 ${steady.p99} ms`,
      met: true,
    });
    await compared(`GET vocarecords/, 20 words (${database})`, judge.records, {
      path: `${API}/vocarecords/`,
      tokens: [tokens[0]!],
    });
    await compared(`POST vocarecords/, ${MARKING_LEARNERS} learners at once (${database})`, judge.mark, {
      path: `${API}/vocarecords/`,
      method: 'POST',
      tokens,
      connections: MARKING_LEARNERS,
      body: () => JSON.stringify({ voca_id: words[Math.floor(Math.random() * words.length)] }),
    });
    return { rows, rssMb: rssMb(server) };
  } finally {
    await stop(server);
  }
}

/** Measures every HTTP target and prints the table; true when all are met. */
export async function measureHttp(postgresUrl: string | undefined): Promise<boolean> {
  console.log(`\n== HTTP: the API against bare Fastify, ${DURATION_SECONDS} s per row, in one run`);
  const hello = await startHelloWorld();
  try {
    return await measureAgainst(hello, postgresUrl);
  } finally {
    await stop(hello);
  }
}

/** measureHttp's rows, each compared with the running hello-world `hello`; true when all are met. */
async function measureAgainst(hello: Server, postgresUrl: string | undefined): Promise<boolean> {
  const rows: Row[] = [];
  const helloLoad = { path: `${API}/health/` };
  const first = await load(hello, helloLoad);
  rows.push({ name: 'bare Fastify hello-world (first)', measured: first, shown: '100%', met: true });
  const baseline: Baseline = async () =>
    (await load(hello, { ...helloLoad, seconds: BASELINE_SECONDS, warmUpSeconds: BASELINE_WARM_UP_SECONDS })).rps;
  const withP99 = (measured: Measured, baselineRps: number) =>
    `${pct(measured.rps / baselineRps)}, p99 ${measured.p99} ms`;
  /** A ratio to the hello-world, held to `target` when there is one. */
  const share =
    (target?: number): Judge =>
    (measured, baselineRps) => ({
      shown: pct(measured.rps / baselineRps),
      met: target === undefined || measured.rps / baselineRps >= target,
    });

  if (postgresUrl) {
    const name = `vocagarden_bench_http_${Date.now()}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    try {
      const measured = await measureServer(
        'PostgreSQL',
        { DATABASE_URL: url.toString() },
        {
          profile: share(httpTargets.profilePostgresRatio),
          records: share(httpTargets.recordsPostgresRatio),
          mark: (mark, baselineRps) => ({
            shown: withP99(mark, baselineRps),
            met: mark.rps / baselineRps >= httpTargets.markPostgresRatio && mark.p99 <= httpTargets.markPostgresP99Ms,
          }),
        },
        baseline,
      );
      rows.push(...measured.rows);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'vocagarden-bench-http-'));
  try {
    // Only profile/ and the memory have targets here; the records read and marking are for comparison.
    const measured = await measureServer(
      'embedded PGlite',
      { DATA_DIR: dataDir, DATABASE_URL: '' },
      {
        profile: (profile, baselineRps) => ({
          shown: `${Math.round(profile.rps)} req/s (${pct(profile.rps / baselineRps)})`,
          met: profile.rps >= httpTargets.profilePgliteRps,
        }),
        records: share(),
        mark: (mark, baselineRps) => ({ shown: withP99(mark, baselineRps), met: true }),
      },
      baseline,
    );
    rows.push(...measured.rows, {
      name: 'PGlite server memory after the run',
      measured: { rps: 0, p50: 0, p99: 0, cpuPerRequest: 0 },
      shown: `${Math.round(measured.rssMb)} MB RSS`,
      met: measured.rssMb <= httpTargets.pgliteRssMb,
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const column = (text: string, width: number) => text.padStart(width);
  console.log(
    [
      [
        'endpoint'.padEnd(52),
        column('req/s', 8),
        column('p50', 6),
        column('p99', 6),
        column('CPU µs', 7),
        column('hello', 7),
        ' result (target)',
      ].join(' '),
      ...rows.map(({ name, measured, baselineRps, shown, met }) =>
        [
          name.padEnd(52),
          column(measured.rps ? Math.round(measured.rps).toString() : '', 8),
          column(measured.rps ? `${measured.p50}` : '', 6),
          column(measured.rps ? `${measured.p99}` : '', 6),
          column(measured.rps ? `${Math.round(measured.cpuPerRequest)}` : '', 7),
          column(baselineRps ? Math.round(baselineRps).toString() : '', 7),
          ` ${shown} ${met ? 'ok' : 'MISSED'}`,
        ].join(' '),
      ),
      "hello: the hello-world's req/s measured just before and just after the row, averaged; each ratio is to it.",
      `targets: profile ≥ ${pct(httpTargets.profilePostgresRatio)}, records ≥ ${pct(httpTargets.recordsPostgresRatio)}, ` +
        `marking ≥ ${pct(httpTargets.markPostgresRatio)} with p99 ≤ ${httpTargets.markPostgresP99Ms} ms (PostgreSQL); ` +
        `PGlite profile ≥ ${httpTargets.profilePgliteRps} req/s, ≤ ${httpTargets.pgliteRssMb} MB RSS`,
    ].join('\n'),
  );
  return rows.every((row) => row.met);
}
