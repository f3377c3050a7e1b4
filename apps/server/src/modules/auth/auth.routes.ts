import { accountEndpoints, authEndpoints, signupSchema } from '@vocagarden/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/http/route.ts';
import type { Services } from '../../services.ts';
import { authService, type RequestContext } from './auth.service.ts';
import { passwordProblems } from './password-policy.ts';

export function requestContext(request: FastifyRequest): RequestContext {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

/**
 * Sign-up as the contract declares it, with the password policy (server-only: it needs the
 * common-password list) checked during validation as well, so one answer names every problem —
 * a bad email, an unticked box and a weak password together — instead of the policy's only after
 * the rest is fixed. The service still applies the policy itself.
 */
const signupEndpoint = {
  ...authEndpoints.signup,
  body: signupSchema.superRefine((input, context) => {
    for (const message of passwordProblems(input.password, { email: input.email })) {
      context.addIssue({ code: 'custom', path: ['password'], message });
    }
  }),
};

export const authRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const auth = authService(services);

  route(app, signupEndpoint, ({ body, request }) => auth.signup(body, requestContext(request)));

  route(app, authEndpoints.login, ({ body, request }) =>
    auth.login(body.email, body.password, requestContext(request)),
  );

  route(app, authEndpoints.logout, async ({ caller }) => {
    await auth.logout(caller);
    return null;
  });

  route(app, authEndpoints.sessions, ({ caller }) => auth.listSessions(caller));

  route(app, authEndpoints.revokeSession, async ({ params, caller }) => {
    await auth.revokeSession(caller, params.id);
    return null;
  });

  route(app, authEndpoints.revokeAllSessions, async ({ caller }) => {
    await auth.revokeAllSessions(caller);
    return null;
  });

  route(app, authEndpoints.passwordChange, async ({ body, caller, request }) => {
    await auth.changePassword(caller, body, requestContext(request));
    return { detail: 'New password has been saved.' };
  });

  route(app, authEndpoints.passwordReset, async ({ body, request }) => {
    await auth.requestPasswordReset(body.email, requestContext(request));
    return { detail: 'Password reset e-mail has been sent.' };
  });

  route(app, authEndpoints.passwordResetConfirm, async ({ body }) => {
    await auth.confirmPasswordReset(body.token, body.password);
    return { detail: 'Password has been reset with the new password.' };
  });

  route(app, authEndpoints.loginCode, async ({ body, request }) => {
    await auth.requestLoginCode(body.email, requestContext(request));
    return { detail: 'A sign-in code has been sent.' };
  });

  route(app, authEndpoints.loginCodeVerify, ({ body, request }) =>
    auth.verifyLoginCode(body.email, body.code, requestContext(request)),
  );

  // Proving who you are is auth's job, so deleting the account lives here rather than in users.
  route(app, accountEndpoints.deleteAccount, async ({ body, caller, request }) => {
    request.log.info({ userId: caller.user.id }, 'account deletion requested');
    await auth.deleteAccount(caller.user, body, requestContext(request));
    return null;
  });
};
