import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino, { type DestinationStream } from 'pino';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../src/app.ts';
import { loadConfig, type AppConfig, type OidcProviderConfig } from '../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import type { PaymentConfig } from '../src/lib/payments/index.ts';
import { memoryCounterStore } from '../src/lib/rate-limit.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

let database: Promise<DatabaseHandle> | undefined;
let smtp: Promise<SmtpSink> | undefined;

/** One migrated database per test worker (PGlite in memory, or the run's PostgreSQL database). */
export function testDatabase(): Promise<DatabaseHandle> {
  database ??= (async () => {
    const handle = await openDatabase({ databaseUrl: inject('databaseUrl') });
    await handle.migrate();
    return handle;
  })();
  return database;
}

/** What the test database announces on `channel` (pg_notify) from now until `stop()`. */
export async function announcementsOn(channel: string): Promise<{ announced: string[]; stop: () => Promise<void> }> {
  const announced: string[] = [];
  const stop = await (
    await testDatabase()
  ).listen(
    channel,
    (payload) => announced.push(payload),
    () => {},
  );
  return { announced, stop };
}

/** One loopback SMTP server per test worker; every test app delivers its mail there. */
export function testMail(): Promise<SmtpSink> {
  smtp ??= startSmtpSink();
  return smtp;
}

/** A clock tests move forward instead of sleeping. */
export class TestClock {
  private offsetMs = 0;
  readonly now = () => new Date(Date.now() + this.offsetMs);
  advance(ms: number) {
    this.offsetMs += ms;
  }
}

export const TEST_PUBLIC_URL = 'http://vocagarden.test';

export interface TestAppOptions {
  clock?: TestClock;
  devTools?: boolean;
  oidcProviders?: OidcProviderConfig[];
  publicUrl?: string;
  smtpUrl?: string;
  webDistDir?: string;
  jobQueue?: AppDeps['jobQueue'];
  /** TRUST_PROXY as an operator writes it ('1', '10.0.0.2'); no proxy when left out. */
  trustProxy?: string;
  /** PAYMENT_PROVIDER and iyzico's settings; the sandbox when left out. */
  payments?: PaymentConfig;
  /** Campaign sending in shorter chunks, or faster. */
  campaignSender?: AppDeps['campaignSender'];
  /** EMAIL_BOUNCE_WEBHOOK_SECRET (none when left out: every bounce notification is refused). */
  bounceSecret?: string;
  /** The in-memory caches (decisions 026 and 030): off unless a test is about them (see AppDeps.caches). */
  caches?: boolean;
  /** Load-shedding limits (PRESSURE_*); none are checked when left out. */
  pressure?: Partial<Pick<AppConfig, `PRESSURE_${string}` & keyof AppConfig>>;
  /** A database of the test's own instead of the worker's shared one. */
  database?: DatabaseHandle;
  /** ANALYTICS_DATABASE_URL: the staff analytics' read replica (none when left out). */
  analyticsDatabaseUrl?: string;
}

let logFile: DestinationStream | undefined;

/** This worker's log file in the run's log folder. */
function capturedLog(): DestinationStream {
  logFile ??= pino.destination({ dest: join(inject('logDir'), `worker-${process.pid}.log`), sync: true });
  return logFile;
}

let appSequence = 0;

export async function createTestApp(options: TestAppOptions = {}): Promise<FastifyInstance> {
  const database = options.database ?? (await testDatabase());
  const mail = await testMail();
  const now = options.clock?.now;
  appSequence += 1;
  const app = await buildApp({
    database,
    now,
    validateResponses: true,
    caches: options.caches ?? false,
    logStream: capturedLog(),
    // A queue schema of its own: test apps sharing a database never take each other's jobs.
    jobQueue: {
      schema: `jobs_${process.pid}_${appSequence}`,
      pollingIntervalMs: 50,
      emailRetryDelaySeconds: 1,
      ...options.jobQueue,
    },
    ...(options.campaignSender ? { campaignSender: options.campaignSender } : {}),
    // Each app has its own counters, so rate limits in one test file never leak into another.
    counterStore: memoryCounterStore(now),
    config: {
      // Logged for real, so the run can check that no secret reaches the log (log-capture-global-setup.ts).
      LOG_LEVEL: 'debug',
      PASSWORD_HASH_LOG_N: 10,
      WEB_DIST_DIR: options.webDistDir ?? '/nonexistent',
      PUBLIC_URL: options.publicUrl ?? TEST_PUBLIC_URL,
      SMTP_URL: options.devTools ? undefined : (options.smtpUrl ?? mail.url),
      EMAIL_FROM: 'VocaGarden <test@vocagarden.test>',
      REDIS_URL: undefined,
      TRUST_PROXY: loadConfig({ TRUST_PROXY: options.trustProxy }).TRUST_PROXY,
      DEV_TOOLS: options.devTools ?? false,
      OIDC_PROVIDERS: options.oidcProviders ?? [],
      ...(options.bounceSecret ? { EMAIL_BOUNCE_WEBHOOK_SECRET: options.bounceSecret } : {}),
      ...(options.analyticsDatabaseUrl ? { ANALYTICS_DATABASE_URL: options.analyticsDatabaseUrl } : {}),
      ...options.pressure,
      ILLUSTRATIONS_DIR: fileURLToPath(new URL('../../../packages/content/illustrations/', import.meta.url)),
      ...options.payments,
    },
  });
  await app.ready();
  return app;
}

/** The last mail delivered to an address, once every queued email has gone out. */
export async function lastMail(app: FastifyInstance, address: string) {
  await app.jobs.drain();
  return (await testMail()).last(address);
}

/** A different client address per call unless one is given, so per-IP limits stay out of the way. */
function randomIp(): string {
  return `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
}

/** Shorthand for JSON requests with an optional token. */
export function request(app: FastifyInstance, options: InjectOptions & { token?: string }) {
  const { token, ...rest } = options;
  return app.inject({
    remoteAddress: randomIp(),
    ...rest,
    headers: { ...rest.headers, ...(token ? { authorization: `Token ${token}` } : {}) },
  });
}
