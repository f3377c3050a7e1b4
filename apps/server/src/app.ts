import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_BASE, API_DOCS_PATH, errorMessages, PROFILE_PICTURE_HOSTS, type ErrorBody } from '@vocagarden/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import { openReadReplica, type DatabaseHandle } from './db/client.ts';
import { emailQueue, workEmail } from './lib/email/email-queue.ts';
import { appSecret, linkSigner } from './lib/signed-links.ts';
import { outboxMailer, smtpMailer } from './lib/email/mailer.ts';
import { registerErrorHandling } from './lib/error-handler.ts';
import { responseSerializerCompiler } from './lib/http/response-serializer.ts';
import { resourceSecurityHeaders, securityHeaders } from './lib/http/security-headers.ts';
import { closingOptions, registerLifecycle } from './lib/http/lifecycle.ts';
import { registerLoadShedding } from './lib/http/load-shedding.ts';
import { registerWebPages, type SendAppPage } from './lib/http/web-pages.ts';
import { serializeError, serializeRequest } from './lib/log-serializers.ts';
import { createJobQueue, type JobQueue } from './lib/jobs/job-queue.ts';
import { createPaymentProvider, type PaymentConfig } from './lib/payments/index.ts';
import { memoryCounterStore, rateLimiter, redisCounterStore, type CounterStore } from './lib/rate-limit.ts';
import { adjustableClock, devToolsRoutes } from './modules/dev/dev-tools.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { AccountCache } from './modules/auth/account-cache.ts';
import { registerAuthentication } from './modules/auth/auth.hook.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { classroomsRoutes } from './modules/classrooms/classrooms.routes.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import {
  DEFAULT_SENDER_OPTIONS,
  workCampaignSender,
  type CampaignSenderOptions,
} from './modules/campaigns/campaign-sender.ts';
import { campaignsRoutes } from './modules/campaigns/campaigns.routes.ts';
import { emailRoutes } from './modules/email/email.routes.ts';
import { feedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { workEvents } from './modules/events/events.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { listsRoutes } from './modules/lists/lists.routes.ts';
import { oidcRoutes } from './modules/auth/oidc.routes.ts';
import { workPlanReminders } from './modules/premium/plan-reminders.ts';
import { premiumRoutes } from './modules/premium/premium.routes.ts';
import { RecordsCache } from './modules/records/records-cache.ts';
import { recordsRoutes } from './modules/records/records.routes.ts';
import { CatalogueWords } from './modules/vocabulary/catalogue-words.ts';
import { studyRoutes } from './modules/study/study.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { vocabularyRoutes } from './modules/vocabulary/vocabulary.routes.ts';
import type { Services } from './services.ts';

export interface AppDeps {
  database: Pick<DatabaseHandle, 'db' | 'executeSql' | 'listen'>;
  config: Pick<
    AppConfig,
    | 'LOG_LEVEL'
    | 'PASSWORD_HASH_LOG_N'
    | 'WEB_DIST_DIR'
    | 'PUBLIC_URL'
    | 'SMTP_URL'
    | 'EMAIL_FROM'
    | 'REDIS_URL'
    | 'TRUST_PROXY'
    | 'DEV_TOOLS'
    | 'OIDC_PROVIDERS'
    | 'ILLUSTRATIONS_DIR'
  > &
    /** Europe/Istanbul when left out (the default of config.ts's ANALYTICS_TIME_ZONE). */
    Partial<
      Pick<
        AppConfig,
        /** Left out (as in most tests), the staff analytics read from the primary. */
        | 'ANALYTICS_DATABASE_URL'
        | 'ANALYTICS_TIME_ZONE'
        | 'EMAIL_CAMPAIGN_RATE'
        | 'EMAIL_CAMPAIGN_CHUNK_SECONDS'
        | 'EMAIL_BOUNCE_WEBHOOK_SECRET'
        | 'JOB_MAINTENANCE_SECONDS'
        /** Load shedding's limits; left out (as in tests) a limit is not checked. */
        | 'PRESSURE_MAX_EVENT_LOOP_DELAY_MS'
        | 'PRESSURE_MAX_EVENT_LOOP_UTILIZATION'
        | 'PRESSURE_MAX_HEAP_USED_MB'
        | 'PRESSURE_MAX_RSS_MB'
        | 'PRESSURE_RETRY_AFTER_SECONDS'
      >
    > &
    PaymentConfig;
  /** Defaults to the real clock; tests inject one they can move forward. */
  now?: () => Date;
  /** Defaults to Redis when REDIS_URL is set, else memory. */
  counterStore?: CounterStore;
  /** Where log lines go (default stdout); the API suite captures them to check what is logged. */
  logStream?: DestinationStream;
  /** Tests give each app its own queue schema, a fast poll and short email retries. */
  jobQueue?: { schema?: string; pollingIntervalMs?: number; emailRetryDelaySeconds?: number };
  /** Tests send campaigns in short chunks. */
  campaignSender?: Partial<CampaignSenderOptions>;
  /** The API suite checks every answer against its contract schema; production only serializes. */
  validateResponses?: boolean;
  /**
   * Signed-in accounts, learners' records and the catalogue's word ids kept in memory (decisions
   * 026, 030 and 031); on unless a test turns them off: tests that change rows by hand and ask again
   * at once would otherwise race the change's announcement.
   */
  caches?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue: started when the app is ready, stopped when it closes. */
    jobs: JobQueue;
  }
}

/**
 * Where the web app's hashed build files (its dist/assets) are served: they never change under the
 * same name, are never pages, and a missing one is a 404, not the app's history fallback.
 */
const ASSETS_PREFIX = '/assets/';

const API_DOCS_PREFIX = API_BASE + API_DOCS_PATH.slice(0, -1);
const isApiPath = (url: string) => url === API_BASE || url.startsWith(`${API_BASE}/`);

/** Builds the whole server without listening: tests inject requests into it, main listens. */
export async function buildApp({
  database,
  config,
  now: givenClock,
  counterStore,
  jobQueue = {},
  campaignSender = {},
  logStream,
  validateResponses = false,
  caches = true,
}: AppDeps): Promise<FastifyInstance> {
  const { db } = database;
  // With DEV_TOOLS, browser tests move the server's clock forward instead of sleeping.
  const devClock = config.DEV_TOOLS && !givenClock ? adjustableClock() : undefined;
  const now = givenClock ?? devClock?.now ?? (() => new Date());
  const app = Fastify({
    // false, proxy addresses, or a hop-count function: never "believe every hop" (decision 010).
    trustProxy: config.TRUST_PROXY,
    logger: {
      level: config.LOG_LEVEL,
      serializers: { req: serializeRequest, err: serializeError },
      ...(logStream ? { stream: logStream } : {}),
    },
    // Our own id for every request; a client's x-request-id is logged beside it, never used as it.
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    childLoggerFactory(logger, bindings, options, rawRequest) {
      const clientRequestId = rawRequest.headers['x-request-id'];
      return logger.child(
        typeof clientRequestId === 'string' && clientRequestId !== ''
          ? { ...bindings, clientRequestId: clientRequestId.slice(0, 100) }
          : bindings,
        options,
      );
    },
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreDuplicateSlashes: true },
    ...closingOptions,
  }).withTypeProvider<ZodTypeProvider>();
  const lifecycle = registerLifecycle(app);
  await registerLoadShedding(app, {
    maxEventLoopDelayMs: config.PRESSURE_MAX_EVENT_LOOP_DELAY_MS ?? 0,
    maxEventLoopUtilization: config.PRESSURE_MAX_EVENT_LOOP_UTILIZATION ?? 0,
    maxHeapUsedMb: config.PRESSURE_MAX_HEAP_USED_MB ?? 0,
    maxRssMb: config.PRESSURE_MAX_RSS_MB ?? 0,
    retryAfterSeconds: config.PRESSURE_RETRY_AFTER_SECONDS ?? 5,
  });

  // The API speaks JSON only; other bodies get a 415 instead of reaching the validators as text.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ validate: validateResponses }));
  registerErrorHandling(app);

  // Pages (the web app's, the API's docs) get the whole policy; the API's answers and the build's files
  // their own.
  const pageHeaders = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (Emotion) injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Profile pictures come only from the allowed avatar services (see contract/profile-picture.ts).
        imgSrc: ["'self'", 'data:', ...PROFILE_PICTURE_HOSTS.map((host) => `https://${host}`)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        // Word videos play only in these players (contract VIDEO_EMBED_ORIGINS).
        frameSrc: ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // The app may be served over plain HTTP (npm start on localhost); do not force https.
        upgradeInsecureRequests: null,
      },
    },
  });
  const resourceHeaders = resourceSecurityHeaders(pageHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    const isResource = (isApiPath(url) && !url.startsWith(API_DOCS_PREFIX)) || url.startsWith(ASSETS_PREFIX);
    reply.headers(isResource ? resourceHeaders : pageHeaders);
    reply.header('x-request-id', request.id);
    done();
  });
  // Answers are compressed; requests are not decompressed: no client of ours sends a compressed body,
  // and the hook would run on every request (issue 16).
  await app.register(fastifyCompress, { threshold: 1024, globalDecompression: false });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'VocaGarden API', version: '1.0.0' },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token <key>' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: API_BASE + API_DOCS_PATH.slice(0, -1),
    staticCSP: true,
    // Swagger UI sets inline styles on its own elements.
    transformStaticCSP: (header) => header.replace(/style-src ([^;]*)/, "style-src $1 'unsafe-inline'"),
  });

  // In memory, rate-limiter-flexible on the real clock, unless a test or DEV_TOOLS moves time (decision 010).
  const counters =
    counterStore ??
    (config.REDIS_URL ? redisCounterStore(config.REDIS_URL, app.log) : memoryCounterStore(givenClock ?? devClock?.now));
  app.addHook('onClose', () => counters.close());
  const jobs = createJobQueue({
    database,
    log: app.log,
    ...(jobQueue.schema ? { schema: jobQueue.schema } : {}),
    ...(jobQueue.pollingIntervalMs ? { pollingIntervalMs: jobQueue.pollingIntervalMs } : {}),
    ...(config.JOB_MAINTENANCE_SECONDS ? { maintenanceIntervalSeconds: config.JOB_MAINTENANCE_SECONDS } : {}),
  });
  const mailer = config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.EMAIL_FROM) : outboxMailer(db, app.log);
  await workEmail(jobs, mailer, { retryDelaySeconds: jobQueue.emailRetryDelaySeconds });
  // Campaigns send in bulk over kept-open connections (decision 018).
  const bulkMailer = config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.EMAIL_FROM, { pooled: true }) : mailer;
  // After the queue has stopped (hooks run in reverse order): nothing sends any more.
  app.addHook('onClose', () => {
    mailer.close();
    bulkMailer.close();
  });
  await workEvents(jobs, db);
  app.decorate('jobs', jobs);
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  const accounts = caches ? new AccountCache() : undefined;
  const records = caches ? new RecordsCache() : undefined;
  const catalogue = caches ? new CatalogueWords() : undefined;
  for (const cache of [accounts, records, catalogue]) {
    if (!cache) continue;
    await cache.start(database);
    app.addHook('onClose', () => cache.stop());
  }
  const services: Services = {
    db,
    now,
    ...(accounts ? { accounts } : {}),
    ...(records ? { records } : {}),
    ...(catalogue ? { catalogue } : {}),
    limiter: rateLimiter(counters),
    email: emailQueue(jobs),
    mailer: bulkMailer,
    jobs,
    links: linkSigner(await appSecret(db, 'email-links')),
    publicUrl: config.PUBLIC_URL.replace(/\/$/, ''),
    passwordHashLogN: config.PASSWORD_HASH_LOG_N,
  };
  await workPlanReminders(services);
  await workCampaignSender(services, {
    ...DEFAULT_SENDER_OPTIONS,
    ratePerSecond: config.EMAIL_CAMPAIGN_RATE ?? DEFAULT_SENDER_OPTIONS.ratePerSecond,
    ...(config.EMAIL_CAMPAIGN_CHUNK_SECONDS
      ? {
          chunkMs: config.EMAIL_CAMPAIGN_CHUNK_SECONDS * 1000,
          expireInSeconds: 5 * config.EMAIL_CAMPAIGN_CHUNK_SECONDS,
        }
      : {}),
    ...campaignSender,
  });
  const payments = createPaymentProvider(config, services.publicUrl);
  // The staff analytics' read-only queries go to the replica when there is one (decision 029).
  const analyticsReplica = config.ANALYTICS_DATABASE_URL ? openReadReplica(config.ANALYTICS_DATABASE_URL) : undefined;
  if (analyticsReplica) app.addHook('onClose', () => analyticsReplica.close());

  await app.register(
    async (api) => {
      registerAuthentication(api, db, now, accounts);
      await api.register(healthRoutes, { db, lifecycle });
      await api.register(authRoutes, services);
      await api.register(usersRoutes, services);
      await api.register(oidcRoutes, { ...services, providers: config.OIDC_PROVIDERS });
      await api.register(vocabularyRoutes, services);
      await api.register(premiumRoutes, { ...services, payments });
      await api.register(recordsRoutes, services);
      await api.register(studyRoutes, services);
      await api.register(listsRoutes, services);
      await api.register(classroomsRoutes, services);
      await api.register(eventsRoutes, services);
      await api.register(analyticsRoutes, {
        ...services,
        reads: analyticsReplica?.db ?? db,
        timeZone: config.ANALYTICS_TIME_ZONE ?? 'Europe/Istanbul',
      });
      await api.register(feedbackRoutes, services);
      await api.register(emailRoutes, { ...services, bounceSecret: config.EMAIL_BOUNCE_WEBHOOK_SECRET });
      await api.register(campaignsRoutes, services);
      if (config.DEV_TOOLS) await api.register(devToolsRoutes, { db, clock: devClock, outbox: !config.SMTP_URL });
    },
    { prefix: API_BASE },
  );

  await app.register(fastifyStatic, {
    root: config.ILLUSTRATIONS_DIR,
    prefix: '/illustrations/',
    decorateReply: false,
    setHeaders(res) {
      res.header('cache-control', 'public, max-age=86400');
    },
  });

  const webIndex = join(config.WEB_DIST_DIR, 'index.html');
  let sendAppPage: SendAppPage | undefined;
  if (existsSync(webIndex)) {
    const assetsDir = join(config.WEB_DIST_DIR, ASSETS_PREFIX);
    await app.register(fastifyStatic, {
      root: config.WEB_DIST_DIR,
      wildcard: true,
      index: ['index.html'],
      // The build writes each text file's brotli and gzip copies at their best settings (decision 044):
      // sent as they are, rather than compressed on the fly.
      preCompressed: true,
      // The build keeps source maps for debugging (hidden: no sourceMappingURL); they are never served.
      allowedPath: (path) => !path.endsWith('.map'),
      // The hashed build files are kept for good; index.html and the icon are revalidated.
      setHeaders(res, path) {
        res.header('cache-control', path.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    sendAppPage = registerWebPages(app, config.WEB_DIST_DIR);
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isPage = !isApiPath(url) && !url.startsWith(ASSETS_PREFIX);
    if (isPage && sendAppPage && (request.method === 'GET' || request.method === 'HEAD')) {
      // History fallback: the SPA's router decides what an unknown path shows (it redirects to /404). A
      // build file that is not there (a stale page's old chunk, a source map) is a 404: the app's HTML
      // in its place would only fail as a script, with a 200.
      return sendAppPage(request, reply);
    }
    const body: ErrorBody = { detail: errorMessages.not_found, code: 'not_found' };
    return reply.status(404).send(body);
  });

  return app;
}
