import { apiPaths, loginSchema, sessionSchema, signupSchema } from '@vocagarden/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from './auth.hook.ts';
import { authService, type AuthServiceDeps } from './auth.service.ts';

export const authRoutes: FastifyPluginAsyncZod<AuthServiceDeps> = async (app, deps) => {
  const auth = authService(deps);
  const tags = ['auth'];

  app.post(
    apiPaths.signup,
    { schema: { tags, body: signupSchema, response: { 201: sessionSchema } } },
    async (request, reply) => {
      const { accept_terms: _accepted, ...input } = request.body;
      return reply.status(201).send(await auth.signup(input, request.headers['user-agent']));
    },
  );

  app.post(apiPaths.login, { schema: { tags, body: loginSchema, response: { 200: sessionSchema } } }, (request) =>
    auth.login(request.body.email, request.body.password, request.headers['user-agent']),
  );

  app.post(apiPaths.logout, { schema: { tags, response: { 204: z.null() } } }, async (request, reply) => {
    const { user, tokenId } = requireAuth(request);
    await auth.logout(user.id, tokenId);
    return reply.status(204).send(null);
  });
};
