import { apiPaths, userSchema, userUpdateSchema } from '@vocagarden/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { requireAuth } from '../auth/auth.hook.ts';
import { serializeUser } from './user.serializer.ts';
import { usersRepository } from './users.repository.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const users = usersRepository(db);
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
};
