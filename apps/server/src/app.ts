import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_BASE, apiPaths, errorMessages, type ErrorBody } from '@vocagarden/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { registerErrorHandling } from './lib/error-handler.ts';
import { registerAuthentication } from './modules/auth/auth.hook.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';

export interface AppDeps {
  db: Database;
  config: Pick<AppConfig, 'LOG_LEVEL' | 'PASSWORD_HASH_LOG_N' | 'WEB_DIST_DIR'>;
}

/** Hashed build assets never change under the same name; everything else is revalidated. */
const IMMUTABLE_ASSET = /\/assets\//;

/** Builds the whole server without listening: tests inject requests into it, main listens. */
export async function buildApp({ db, config }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL, redact: ['req.headers.authorization'] },
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreDuplicateSlashes: true },
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON only; other bodies get a 415 instead of reaching the validators as text.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (Emotion) injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // The app may be served over plain HTTP (npm start on localhost); do not force https.
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(fastifyCompress, { threshold: 1024 });

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
    routePrefix: API_BASE + apiPaths.docs.slice(0, -1),
    staticCSP: true,
    // Swagger UI sets inline styles on its own elements.
    transformStaticCSP: (header) => header.replace(/style-src ([^;]*)/, "style-src $1 'unsafe-inline'"),
  });

  await app.register(
    async (api) => {
      registerAuthentication(api, db);
      await api.register(healthRoutes, { db });
      await api.register(authRoutes, { db, passwordHashLogN: config.PASSWORD_HASH_LOG_N });
      await api.register(usersRoutes, { db });
    },
    { prefix: API_BASE },
  );

  const webIndex = join(config.WEB_DIST_DIR, 'index.html');
  const serveWeb = existsSync(webIndex);
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: config.WEB_DIST_DIR,
      wildcard: true,
      index: ['index.html'],
      setHeaders(res, path) {
        res.header('cache-control', IMMUTABLE_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === API_BASE || request.url.startsWith(`${API_BASE}/`);
    if (!isApi && serveWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // History fallback: the SPA's router decides what an unknown path shows (it redirects to /404).
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const body: ErrorBody = { detail: errorMessages.not_found, code: 'not_found' };
    return reply.status(404).send(body);
  });

  return app;
}
