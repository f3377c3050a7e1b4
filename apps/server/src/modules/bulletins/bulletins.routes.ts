import {
  apiPaths,
  listSummarySchema,
  listTitleBodySchema,
  listWordsBodySchema,
  PERSONAL_LIST_LIMITS,
} from '@vocagarden/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, forbidden, notFound } from '../../lib/errors.ts';
import type { Services } from '../../services.ts';
import { requireAuth } from '../auth/auth.hook.ts';
import { premiumRepository } from '../premium/premium.repository.ts';
import { illustrationUri } from '../vocabulary/content-import.ts';
import { readerLanguage, serializeListSummary } from '../vocabulary/vocabulary.serializers.ts';
import { vocabularyRepository } from '../vocabulary/vocabulary.repository.ts';
import { personalListsRepository } from './bulletins.repository.ts';

const dbId = z.coerce.number().int().positive().max(2_147_483_647);
const listPictures = ['seedling', 'sprout', 'tulip', 'sunflower', 'watering-can', 'butterfly', 'bee', 'ladybug'];

/** Personal lists: only their owner reads (here) or changes them. */
export const bulletinsRoutes: FastifyPluginAsyncZod<Services> = async (app, { db, now }) => {
  const lists = personalListsRepository(db);
  const premium = premiumRepository(db);
  const vocabulary = vocabularyRepository(db);
  const tags = ['lists'];
  const idParams = z.object({ id: dbId });

  async function ownedOr404(id: number, userId: number) {
    const list = await lists.owned(id, userId);
    if (!list) throw notFound();
    return list;
  }

  app.get(apiPaths.bulletins, { schema: { tags, response: { 200: z.array(listSummarySchema) } } }, async (request) => {
    const { user } = requireAuth(request);
    const language = readerLanguage(request);
    return (await lists.listOwned(user.id)).map((row) => serializeListSummary(row, language));
  });

  app.post(
    apiPaths.bulletins,
    { schema: { tags, body: listTitleBodySchema, response: { 201: listSummarySchema } } },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const limit = (await premium.isPremium(user.id, now()))
        ? PERSONAL_LIST_LIMITS.premium
        : PERSONAL_LIST_LIMITS.free;
      const owned = await lists.countOwned(user.id);
      if (owned >= limit) throw forbidden('premium_required');
      const picture = illustrationUri(listPictures[owned % listPictures.length]!);
      const created = await lists.create(user.id, request.body.title, picture);
      return reply.status(201).send(serializeListSummary(created, readerLanguage(request)));
    },
  );

  app.patch(
    apiPaths.bulletin,
    { schema: { tags, params: idParams, body: listTitleBodySchema, response: { 200: listSummarySchema } } },
    async (request) => {
      const { user } = requireAuth(request);
      await ownedOr404(request.params.id, user.id);
      const updated = await lists.update(request.params.id, { title: request.body.title });
      return serializeListSummary(updated, readerLanguage(request));
    },
  );

  app.delete(
    apiPaths.bulletin,
    { schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const { user } = requireAuth(request);
      await ownedOr404(request.params.id, user.id);
      // Classroom shares go with it (ON DELETE CASCADE on classroom_lists).
      await lists.remove(request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    apiPaths.bulletinWords,
    { schema: { tags, params: idParams, body: listWordsBodySchema, response: { 200: listSummarySchema } } },
    async (request) => {
      const { user } = requireAuth(request);
      const ids = request.body.voca_ids;
      const existing = await vocabulary.existingVocaIds(ids);
      const unknown = ids.filter((id) => !existing.has(id));
      if (unknown.length > 0) throw new ApiError(400, 'unknown_vocas', `Unknown word ids: ${unknown.join(', ')}.`);
      const updated = await db.transaction(async (tx) => {
        const repository = personalListsRepository(tx);
        const list = await repository.ownedForUpdate(request.params.id, user.id);
        if (!list) throw notFound();
        // In the order added, each word once.
        const wordIds = [...new Set([...list.wordIds, ...ids])];
        return repository.update(list.id, { wordIds });
      });
      return serializeListSummary(updated, readerLanguage(request));
    },
  );

  app.delete(
    apiPaths.bulletinWord,
    { schema: { tags, params: z.object({ id: dbId, vocaId: dbId }), response: { 200: listSummarySchema } } },
    async (request) => {
      const { user } = requireAuth(request);
      const updated = await db.transaction(async (tx) => {
        const repository = personalListsRepository(tx);
        const list = await repository.ownedForUpdate(request.params.id, user.id);
        if (!list) throw notFound();
        return repository.update(list.id, { wordIds: list.wordIds.filter((id) => id !== request.params.vocaId) });
      });
      return serializeListSummary(updated, readerLanguage(request));
    },
  );
};
