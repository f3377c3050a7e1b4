import {
  apiPaths,
  bulletinDetailSchema,
  categorySchema,
  cefrLevelSchema,
  levelSummarySchema,
  translationsQuerySchema,
  vocaSchema,
  type Category,
} from '@vocagarden/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, forbidden, notAuthenticated, notFound } from '../../lib/errors.ts';
import type { Services } from '../../services.ts';
import { personalListsRepository } from '../bulletins/bulletins.repository.ts';
import { premiumRepository } from '../premium/premium.repository.ts';
import { illustrationUri } from './content-import.ts';
import { readerLanguage, serializeListSummary, serializeVoca } from './vocabulary.serializers.ts';
import { vocabularyRepository, type CategoryRow } from './vocabulary.repository.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const MAX_IDS = 5000;

export const vocabularyRoutes: FastifyPluginAsyncZod<Services> = async (app, { db, now }) => {
  const vocabulary = vocabularyRepository(db);
  const premium = premiumRepository(db);
  const personalLists = personalListsRepository(db);
  const tags = ['vocabulary'];

  async function withLists(rows: CategoryRow[], language: ReturnType<typeof readerLanguage>): Promise<Category[]> {
    const lists = await vocabulary.officialLists(rows.map((row) => row.id));
    return rows.map((row) => ({
      id: row.id,
      level: row.level as Category['level'],
      order: row.order,
      title: row.title[language],
      description: row.description[language],
      graphic_uri: illustrationUri(row.illustration),
      lists: lists.filter((list) => list.categoryId === row.id).map((list) => serializeListSummary(list, language)),
    }));
  }

  app.get(apiPaths.levels, { schema: { tags, response: { 200: z.array(levelSummarySchema) } } }, async () =>
    (await vocabulary.levelSummaries()).map((row) => ({ ...row, level: row.level as z.infer<typeof cefrLevelSchema> })),
  );

  app.get(
    apiPaths.categories,
    {
      schema: {
        tags,
        querystring: z.object({ level: cefrLevelSchema.optional() }),
        response: { 200: z.array(categorySchema) },
      },
    },
    async (request) => withLists(await vocabulary.categories(request.query.level), readerLanguage(request)),
  );

  app.get(
    apiPaths.category,
    { schema: { tags, params: idParams, response: { 200: categorySchema } } },
    async (request) => {
      const row = await vocabulary.category(request.params.id);
      if (!row) throw notFound();
      const [category] = await withLists([row], readerLanguage(request));
      return category!;
    },
  );

  app.get(
    apiPaths.bulletin,
    {
      schema: { tags, params: idParams, querystring: translationsQuerySchema, response: { 200: bulletinDetailSchema } },
    },
    async (request) => {
      const row = await vocabulary.bulletin(request.params.id);
      const userId = request.auth?.user.id;
      // A personal list is visible to its owner and, read-only, to members of classrooms it is
      // shared into; to anyone else it does not exist.
      if (!row) throw notFound();
      if (row.ownerId !== null && row.ownerId !== userId) {
        if (userId === undefined || !(await personalLists.sharedWith(row.id, userId))) throw notFound();
      }
      if (row.isPremium) {
        if (userId === undefined) throw notAuthenticated();
        if (!(await premium.isPremium(userId, now()))) throw forbidden('premium_required');
      }
      const language = readerLanguage(request);
      const category = row.categoryId === null ? undefined : await vocabulary.category(row.categoryId);
      const words = await vocabulary.vocasByIds(row.wordIds);
      return {
        ...serializeListSummary(row, language),
        category_id: row.categoryId,
        level: (category?.level ?? null) as z.infer<typeof cefrLevelSchema> | null,
        is_owner: row.ownerId !== null && row.ownerId === userId,
        words: words.map((word) => serializeVoca(word, language, request.query.translations === 'all')),
      };
    },
  );

  app.get(
    apiPaths.vocas,
    {
      schema: {
        tags,
        querystring: translationsQuerySchema.extend({
          ids: z.string().regex(/^\d{1,9}(-\d{1,9})*$/, 'ids must be dash-separated word ids, e.g. 1-2-3'),
        }),
        response: { 200: z.array(vocaSchema) },
      },
    },
    async (request) => {
      const ids = [...new Set(request.query.ids.split('-').map(Number))];
      if (ids.length > MAX_IDS) throw new ApiError(400, 'invalid', `At most ${MAX_IDS} ids at a time.`);
      const language = readerLanguage(request);
      const all = request.query.translations === 'all';
      return (await vocabulary.vocasByIds(ids)).map((row) => serializeVoca(row, language, all));
    },
  );

  app.get(
    apiPaths.vocaSearch,
    {
      schema: {
        tags,
        querystring: z.object({
          q: z.string().trim().min(1).max(50),
          limit: z.coerce.number().int().min(1).max(50).default(20),
        }),
        response: { 200: z.array(vocaSchema) },
      },
    },
    async (request) => {
      const language = readerLanguage(request);
      return (await vocabulary.search(request.query.q, request.query.limit)).map((row) => serializeVoca(row, language));
    },
  );
};
