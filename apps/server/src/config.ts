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

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Where the embedded database keeps its files; ignored when DATABASE_URL is set. */
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
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
  /** Shares rate-limit counters between instances; in-memory counters without it. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  /** Set behind a reverse proxy so client IPs (for rate limits) come from X-Forwarded-For. */
  TRUST_PROXY: z.stringbool().default(false),
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
});

export type AppConfig = z.infer<typeof configSchema> & { DATA_DIR: string; PUBLIC_URL: string };

/** Parses the environment once; exits with every problem listed rather than the first. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable (DATABASE_URL= in a compose file) means "not set", not "invalid".
  const parsed = configSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    throw new Error(`Invalid configuration:\n${z.prettifyError(parsed.error)}`);
  }
  return {
    ...parsed.data,
    DATA_DIR: resolveDataDir(parsed.data.DATA_DIR, env),
    PUBLIC_URL: parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`,
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
