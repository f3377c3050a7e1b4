import {
  accountDeletionSchema,
  apiPaths,
  emailPreferencesSchema,
  emailPreferencesUpdateSchema,
  userSchema,
  userUpdateSchema,
} from '@vocagarden/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../services.ts';
import { requireAuth } from '../auth/auth.hook.ts';
import { serializeUser } from './user.serializer.ts';
import { usersRepository } from './users.repository.ts';
import { serializeEmailPreferences, usersService } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const users = usersRepository(services.db);
  const service = usersService(services);
  const tags = ['users'];
  const readUser = { schema: { tags, response: { 200: userSchema } } };

  app.get(apiPaths.profile, readUser, async (request) => serializeUser(requireAuth(request).user));
  app.get(apiPaths.user, readUser, async (request) => serializeUser(requireAuth(request).user));

  app.patch(
    apiPaths.user,
    { schema: { tags, body: userUpdateSchema, response: { 200: userSchema } } },
    async (request) => {
      const { user } = requireAuth(request);
      const body = request.body;
      const updated = await users.update(user.id, {
        firstName: body.first_name,
        lastName: body.last_name,
        profilePictureUri: body.profile_picture_uri,
        nativeLanguageCode: body.native_language_code,
      });
      const changed = Object.keys(body).filter((key) => body[key as keyof typeof body] !== undefined);
      if (changed.length > 0) await users.logAction(user.id, 'profile_change', changed.join(', '));
      return serializeUser(updated!);
    },
  );

  app.delete(
    apiPaths.user,
    { schema: { tags, body: accountDeletionSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const { user } = requireAuth(request);
      request.log.info({ userId: user.id }, 'account deletion requested');
      await service.deleteAccount(user, request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(apiPaths.emailPreferences, { schema: { tags, response: { 200: emailPreferencesSchema } } }, async (request) =>
    serializeEmailPreferences(requireAuth(request).user),
  );

  app.patch(
    apiPaths.emailPreferences,
    { schema: { tags, body: emailPreferencesUpdateSchema, response: { 200: emailPreferencesSchema } } },
    async (request) => service.updateEmailPreferences(requireAuth(request).user, request.body),
  );
};
