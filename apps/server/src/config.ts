import { isIP } from 'node:net';
import { getHeapStatistics } from 'node:v8';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const oidcProvidersSchema = z.array(
  z.object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    name: z.string().min(1),
    issuer: z.url(),
    client_id: z.string().min(1),
    client_secret: z.string().min(1),
  }),
);
export type OidcProviderConfig = z.infer<typeof oidcProvidersSchema>[number];

/**
 * Fastify's `trustProxy`: which peers are proxies whose X-Forwarded-For is believed. A hop count
 * is a function because Fastify 5 treats a bare number as "trust nobody" (it cannot check who
 * the peer is); `hop < n` believes the n proxies nearest the app, whoever they are.
 */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

/** Named ranges @fastify/proxy-addr understands besides addresses and CIDRs. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isProxyAddress = (entry: string) => {
  if (PROXY_RANGES.has(entry) || isIP(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const bits = isIP(address) === 4 ? 32 : isIP(address) === 6 ? 128 : 0;
  return rest.length === 0 && bits > 0 && /^\d{1,3}$/.test(prefix ?? '') && Number(prefix) <= bits;
};

/** TRUST_PROXY's value, or why it is refused. */
function parseTrustProxy(text: string): TrustProxy | string {
  const value = text.trim().toLowerCase();
  if (['false', 'no', 'off', '0'].includes(value)) return false;
  if (['true', 'yes', 'on'].includes(value)) {
    return (
      'TRUST_PROXY=true would believe every X-Forwarded-For hop, so any client could pick its own IP and escape ' +
      'the per-IP rate limits. Set the number of proxies in front of the app (1 for one nginx or load ' +
      'balancer) or their addresses (e.g. 10.0.0.5 or 10.0.0.0/8,fd00::/8)'
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) return 'must be a hop count from 1 to 10 (the proxies in front of the app)';
    return (_address: string, hop: number) => hop < hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !isProxyAddress(entry));
  if (invalid.length > 0) {
    return `must be false, a hop count, or proxy IP addresses/CIDRs separated by commas (not: ${invalid.join(', ')})`;
  }
  return entries;
}

const postgresUrl = z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL');

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Where the embedded database keeps its files; ignored when DATABASE_URL is set. */
  DATA_DIR: z.string().optional(),
  DATABASE_URL: postgresUrl.optional(),
  /**
   * A read replica of DATABASE_URL on which the staff analytics run their read-only queries
   * (decision 029); without it they run on DATABASE_URL.
   */
  ANALYTICS_DATABASE_URL: postgresUrl.optional(),
  /** The address users reach the app at; used in email links. */
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** log2 of scrypt's cost N; 17 is OWASP's recommendation. Tests lower it to stay quick. */
  PASSWORD_HASH_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
  /** smtp://user:pass@host:port (or smtps://); without it mail goes to the dev outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  EMAIL_FROM: z.string().default('VocaGarden <no-reply@vocagarden.app>'),
  /** Campaign messages per second at most (decision 018). */
  EMAIL_CAMPAIGN_RATE: z.coerce.number().int().min(1).max(10_000).default(50),
  /**
   * How long one campaign job sends before handing over to the next; a job is presumed dead (its
   * server crashed) after five times this, and its unsent messages are taken up again.
   */
  EMAIL_CAMPAIGN_CHUNK_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  /** How often the job queue fails expired jobs (those of a crashed server) so that they run again. */
  JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** The secret the mail provider's bounce notifications carry; without it the bounce webhook refuses all. */
  EMAIL_BOUNCE_WEBHOOK_SECRET: z.string().min(16).optional(),
  /**
   * Graceful stop on SIGTERM (decision 025): for DRAIN_DELAY_SECONDS readiness answers 503 and every
   * answer closes its connection, while requests are still served (balancers that poll readiness
   * stop sending; nginx stops reusing its kept-open connections); then the server stops accepting,
   * closes idle connections and lets in-flight requests finish. Past DRAIN_TIMEOUT_SECONDS in all,
   * the remaining connections are cut and the process exits 1.
   */
  DRAIN_DELAY_SECONDS: z.coerce.number().int().min(0).max(300).default(2),
  DRAIN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /**
   * Load shedding (@fastify/under-pressure, decision 025): past any of these, API calls other than
   * health and readiness are answered 503 with Retry-After at once instead of queueing (the app's
   * files and pages are always sent). 0 turns a check off. The mean event-loop delay is sampled each
   * second; the heap default is 90% of Node's heap limit (--max-old-space-size); RSS is off by
   * default (the embedded database lives in it).
   */
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  PRESSURE_MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0),
  PRESSURE_MAX_HEAP_USED_MB: z.coerce
    .number()
    .int()
    .min(0)
    .default(() => Math.floor((0.9 * getHeapStatistics().heap_size_limit) / 2 ** 20)),
  PRESSURE_MAX_RSS_MB: z.coerce.number().int().min(0).default(0),
  PRESSURE_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  /** Shares rate-limit counters between instances; in-memory counters without it. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  /**
   * Behind a reverse proxy, which peers may name the client in X-Forwarded-For (rate limits count
   * per client IP): `false`, a hop count (`1` for one nginx) or proxy addresses/CIDRs. Never `true`.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((text, context) => {
      const parsed = parseTrustProxy(text);
      if (typeof parsed === 'string') {
        context.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
  /**
   * Development and browser-test aids, never for production: GET /cyberapi/dev/outbox/ lists
   * dev-outbox mail; POST /cyberapi/dev/clock/ moves the server's clock forward.
   */
  DEV_TOOLS: z.stringbool().default(false),
  /**
   * OpenID Connect sign-in providers, as JSON:
   * [{"id":"google","name":"Google","issuer":"https://accounts.google.com","client_id":"…","client_secret":"…"}]
   */
  OIDC_PROVIDERS: z
    .string()
    .default('[]')
    .transform((text, context) => {
      try {
        return oidcProvidersSchema.parse(JSON.parse(text));
      } catch {
        context.addIssue({
          code: 'custom',
          message: 'must be a JSON array of {id, name, issuer, client_id, client_secret}',
        });
        return z.NEVER;
      }
    }),
  /** The bundled vocabulary set, imported at start when it changed. */
  CONTENT_DIR: z.string().default(fileURLToPath(new URL('../../../packages/content/data/', import.meta.url))),
  /** Category illustrations, served under /illustrations/. */
  ILLUSTRATIONS_DIR: z
    .string()
    .default(fileURLToPath(new URL('../../../packages/content/illustrations/', import.meta.url))),
  /** The built SPA; served with history fallback when it exists. */
  WEB_DIST_DIR: z.string().default(fileURLToPath(new URL('../../web/dist/', import.meta.url))),
  /** `production` makes choosing a payment provider mandatory (see PAYMENT_PROVIDER). */
  NODE_ENV: z.string().optional(),
  /**
   * Who takes payments (decision 012): `sandbox`, the built-in test page that grants premium without
   * money (the default, refused in production unless set explicitly), or `iyzico`.
   */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'iyzico']).optional(),
  /** iyzico's merchant API key and secret key (Merchant Panel → Settings → Merchant Settings). */
  IYZIPAY_API_KEY: z.string().optional(),
  IYZIPAY_SECRET_KEY: z.string().optional(),
  /** iyzico's API: https://api.iyzipay.com for live payments, the sandbox by default. */
  IYZIPAY_URI: z.url().default('https://sandbox-api.iyzipay.com'),
  /**
   * The IANA time zone in which the staff analytics count days and months ("today", "this month",
   * signup months); the business is in Turkey (decision 015).
   */
  ANALYTICS_TIME_ZONE: z
    .string()
    .default('Europe/Istanbul')
    .refine(isTimeZone, 'must be an IANA time zone such as Europe/Istanbul or UTC'),
});

/** True for a time zone the runtime knows (and so, for IANA names, PostgreSQL too). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return /^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name);
  } catch {
    return false;
  }
}

/** Payment settings that only make sense together, with a message that says what to set. */
function paymentProblems(config: z.infer<typeof configSchema>): string[] {
  const problems: string[] = [];
  const production = config.NODE_ENV === 'production';
  if (production && !config.PAYMENT_PROVIDER) {
    problems.push(
      'PAYMENT_PROVIDER must be set when NODE_ENV=production: iyzico to take real payments, or sandbox ' +
        'explicitly to run with the test checkout (it grants premium without taking money)',
    );
  }
  if (config.PAYMENT_PROVIDER === 'iyzico') {
    for (const name of ['IYZIPAY_API_KEY', 'IYZIPAY_SECRET_KEY'] as const) {
      if (!config[name]) problems.push(`${name} is required when PAYMENT_PROVIDER=iyzico`);
    }
    if (production && !config.PUBLIC_URL) {
      problems.push(
        'PUBLIC_URL is required when PAYMENT_PROVIDER=iyzico in production: iyzico posts the browser back to it',
      );
    }
  }
  return problems;
}

/** A replica copies a PostgreSQL server; the embedded database has nothing a replica could copy. */
function replicaProblems(config: z.infer<typeof configSchema>): string[] {
  if (!config.ANALYTICS_DATABASE_URL || config.DATABASE_URL) return [];
  return [
    'ANALYTICS_DATABASE_URL needs DATABASE_URL: the staff analytics read from a replica of a PostgreSQL ' +
      'server, and the embedded database (no DATABASE_URL) has no replicas. Set DATABASE_URL to the primary, ' +
      'or remove ANALYTICS_DATABASE_URL',
  ];
}

export type AppConfig = Omit<z.infer<typeof configSchema>, 'PAYMENT_PROVIDER'> & {
  DATA_DIR: string;
  PUBLIC_URL: string;
  /** Resolved: the sandbox when not set (outside production). */
  PAYMENT_PROVIDER: 'sandbox' | 'iyzico';
};

/** Parses the environment once; exits with every problem listed rather than the first. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable (DATABASE_URL= in a compose file) means "not set", not "invalid".
  const parsed = configSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    throw new Error(`Invalid configuration:\n${z.prettifyError(parsed.error)}`);
  }
  const problems = [...paymentProblems(parsed.data), ...replicaProblems(parsed.data)];
  if (problems.length > 0) {
    throw new Error(`Invalid configuration:\n${problems.map((problem) => `✖ ${problem}`).join('\n')}`);
  }
  return {
    ...parsed.data,
    DATA_DIR: resolveDataDir(parsed.data.DATA_DIR, env),
    PUBLIC_URL: parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`,
    PAYMENT_PROVIDER: parsed.data.PAYMENT_PROVIDER ?? 'sandbox',
  };
}

/**
 * The default is the repository's ./data. A relative DATA_DIR is taken from where the user ran
 * npm (INIT_CWD), not from the workspace folder npm switches into for `-w` scripts.
 */
function resolveDataDir(dataDir: string | undefined, env: NodeJS.ProcessEnv): string {
  if (!dataDir) return fileURLToPath(new URL('../../../data/', import.meta.url));
  return resolve(env.INIT_CWD ?? process.cwd(), dataDir);
}
