import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { freePort } from '../../../test/free-port.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { DEFAULT_SENDER_OPTIONS } from './campaign-sender.ts';

/**
 * Issue 13's crash test: a real server process sends a 2,000-recipient campaign to a loopback SMTP
 * server, is killed with SIGKILL mid-campaign and started again. Nobody may be skipped, and no
 * more messages may go twice than were in flight (the sender's concurrency).
 */
const RECIPIENTS = 2_000;
const tag = `crash${process.pid}x${Date.now().toString(36)}`;
const serverEntry = fileURLToPath(new URL('../../main.ts', import.meta.url));
const PASSWORD = 'crash-garden-passphrase';

let sink: SmtpSink;
let child: ChildProcess | undefined;
let workDir: string;
let env: Record<string, string>;
let baseUrl: string;

async function startServer(): Promise<void> {
  child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  for (let attempt = 0; attempt < 300; attempt += 1) {
    try {
      // Ready (migrated, content imported, listening), not just alive.
      if ((await fetch(`${baseUrl}/cyberapi/ready/`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not start');
}

const api = async (method: string, path: string, token?: string, body?: unknown) => {
  const response = await fetch(`${baseUrl}/cyberapi${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Token ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, json: (await response.json().catch(() => null)) as Record<string, unknown> };
};

/** Each message of ours the SMTP server accepted, and the distinct addresses they went to. */
const oursDelivered = () => sink.all().filter((mail) => mail.to.includes(tag));
const total = () => oursDelivered().length;
const ours = () => [...new Set(oursDelivered().map((mail) => mail.to))];

beforeAll(async () => {
  sink = await startSmtpSink();
  workDir = mkdtempSync(join(tmpdir(), 'vocagarden-crash-'));
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  // On PostgreSQL the run's database; on the embedded database a data directory of our own.
  const databaseUrl = inject('databaseUrl');
  const location: Record<string, string> = databaseUrl
    ? { DATABASE_URL: databaseUrl }
    : { DATA_DIR: join(workDir, 'data') };
  env = {
    ...location,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    SMTP_URL: sink.url,
    EMAIL_CAMPAIGN_RATE: '150',
    EMAIL_CAMPAIGN_CHUNK_SECONDS: '2',
    JOB_MAINTENANCE_SECONDS: '1',
    CONTENT_DIR: mkdtempSync(join(tmpdir(), 'vocagarden-no-content-')),
    LOG_LEVEL: 'warn',
    PASSWORD_HASH_LOG_N: '10',
  };

  // The learners and a staff member, written before the server holds the database.
  const database: DatabaseHandle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: env.DATA_DIR! });
  try {
    await database.migrate();
    await database.executeSql(
      `INSERT INTO users (email, first_name, native_language_code, email_campaigns, email_campaigns_consent_at)
       SELECT 'reader' || n || '.${tag}@example.com', 'Reader', 'en', true, now() FROM generate_series(1, ${RECIPIENTS}) AS n`,
    );
    await database.executeSql(`INSERT INTO users (email, password_hash, is_staff) VALUES ($1, $2, true)`, [
      `staff.${tag}@example.com`,
      await hashPassword(PASSWORD, 10),
    ]);
  } finally {
    await database.close();
  }
}, 120_000);

afterAll(async () => {
  child?.kill('SIGKILL');
  await sink.close();
  const databaseUrl = inject('databaseUrl');
  if (databaseUrl) {
    const database = await openDatabase({ databaseUrl });
    await database.executeSql(`DELETE FROM users WHERE email LIKE $1`, [`%.${tag}@example.com`]);
    await database.close();
  }
  rmSync(workDir, { recursive: true, force: true });
  rmSync(env.CONTENT_DIR!, { recursive: true, force: true });
});

it('skips nobody and sends again at most the messages in flight when the server is killed mid-campaign', async () => {
  await startServer();
  const login = await api('POST', '/auth/login/', undefined, { email: `staff.${tag}@example.com`, password: PASSWORD });
  expect(login.status).toBe(200);
  const token = login.json.token as string;
  const text = { en: 'Hello', es: 'Hola', tr: 'Merhaba', az: 'Salam' };
  const campaign = await api('POST', '/campaigns/', token, {
    name: `Crash ${tag}`,
    subject: text,
    body: text,
    audience: { plan: 'all', inactive_days: null, native_language_codes: [] },
  });
  const id = campaign.json.id as number;
  expect((await api('POST', `/campaigns/${id}/send/`, token, {})).status).toBe(202);

  // Mid-campaign: a quarter of it out, then SIGKILL (no drain, no goodbye).
  await expect.poll(total, { timeout: 60_000, interval: 50 }).toBeGreaterThanOrEqual(RECIPIENTS / 4);
  child!.kill('SIGKILL');
  await new Promise((resolve) => child!.once('exit', resolve));
  const beforeRestart = total();
  await startServer();
  await expect
    .poll(async () => (await api('GET', `/campaigns/${id}/`, token)).json.status, { timeout: 90_000, interval: 500 })
    .toBe('sent');

  const skipped = RECIPIENTS - ours().length;
  const duplicates = total() - ours().length;
  // The figures for the closing note.
  console.warn(
    `crash test: killed after ${beforeRestart} of ${RECIPIENTS} messages; after the restart ${ours().length} recipients got it, ` +
      `${skipped} skipped, ${duplicates} sent twice (at most ${DEFAULT_SENDER_OPTIONS.concurrency} in flight)`,
  );
  expect(skipped).toBe(0);
  expect(duplicates).toBeLessThanOrEqual(DEFAULT_SENDER_OPTIONS.concurrency);
  child!.kill('SIGTERM');
}, 240_000);
