import { accountEndpoints } from '@vocagarden/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/http/route.ts';
import type { Services } from '../../services.ts';
import { serializeEmailPreferences, usersService } from './users.service.ts';

/** The signed-in user's profile and email preferences (deleting the account is in auth.routes.ts). */
export const usersRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const users = usersService(services);

  /** The staff member viewing the app as this user (an impersonation token), for the web's banner. */
  const viewer = (caller: { impersonatedBy: { email: string } | null }) => caller.impersonatedBy?.email ?? null;

  route(app, accountEndpoints.profile, async ({ caller }) => users.profileOf(caller, viewer(caller)));

  route(app, accountEndpoints.user, async ({ caller }) => users.profileOf(caller, viewer(caller)));

  route(app, accountEndpoints.updateUser, ({ body, caller }) => users.updateProfile(caller.user, body, viewer(caller)));

  route(app, accountEndpoints.emailPreferences, async ({ caller }) => serializeEmailPreferences(caller.user));

  route(app, accountEndpoints.updateEmailPreferences, ({ body, caller }) =>
    users.updateEmailPreferences(caller.user, body),
  );
};
