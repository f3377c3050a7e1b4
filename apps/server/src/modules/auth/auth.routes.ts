import {
  apiPaths,
  detailSchema,
  loginCodeRequestSchema,
  loginCodeVerifySchema,
  loginSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  sessionSchema,
  signupSchema,
} from '@vocagarden/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../services.ts';
import { requireAuth } from './auth.hook.ts';
import { authService, type RequestContext } from './auth.service.ts';

export function requestContext(request: FastifyRequest): RequestContext {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

export const authRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const auth = authService(services);
  const tags = ['auth'];
  const detail = (text: string) => ({ detail: text });

  app.post(
    apiPaths.signup,
    { schema: { tags, body: signupSchema, response: { 201: sessionSchema } } },
    async (request, reply) => {
      const { accept_terms: _accepted, ...input } = request.body;
      return reply.status(201).send(await auth.signup(input, requestContext(request)));
    },
  );

  app.post(apiPaths.login, { schema: { tags, body: loginSchema, response: { 200: sessionSchema } } }, (request) =>
    auth.login(request.body.email, request.body.password, requestContext(request)),
  );

  app.post(apiPaths.logout, { schema: { tags, response: { 204: z.null() } } }, async (request, reply) => {
    const { user, tokenId } = requireAuth(request);
    await auth.logout(user.id, tokenId);
    return reply.status(204).send(null);
  });

  app.post(
    apiPaths.passwordReset,
    { schema: { tags, body: passwordResetRequestSchema, response: { 200: detailSchema } } },
    async (request) => {
      await auth.requestPasswordReset(request.body.email, requestContext(request));
      return detail('Password reset e-mail has been sent.');
    },
  );

  app.post(
    apiPaths.passwordResetConfirm,
    { schema: { tags, body: passwordResetConfirmSchema, response: { 200: detailSchema } } },
    async (request) => {
      await auth.confirmPasswordReset(request.body.token, request.body.password);
      return detail('Password has been reset with the new password.');
    },
  );

  app.post(
    apiPaths.loginCode,
    { schema: { tags, body: loginCodeRequestSchema, response: { 200: detailSchema } } },
    async (request) => {
      await auth.requestLoginCode(request.body.email, requestContext(request));
      return detail('A sign-in code has been sent.');
    },
  );

  app.post(
    apiPaths.loginCodeVerify,
    { schema: { tags, body: loginCodeVerifySchema, response: { 200: sessionSchema } } },
    (request) => auth.verifyLoginCode(request.body.email, request.body.code, requestContext(request)),
  );
};
