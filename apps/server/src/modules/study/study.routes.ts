import {
  apiPaths,
  dueReviewsSchema,
  finishedSessionSchema,
  homeSummarySchema,
  reviewAnswerSchema,
  reviewCardSchema,
  type CefrLevel,
} from '@vocagarden/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { studySessions } from '../../db/schema.ts';
import { ApiError } from '../../lib/errors.ts';
import type { Services } from '../../services.ts';
import { requireAuth } from '../auth/auth.hook.ts';
import { readerLanguage, serializeVoca } from '../vocabulary/vocabulary.serializers.ts';
import { vocabularyRepository } from '../vocabulary/vocabulary.repository.ts';
import { homeRepository, isTimeZone, localDate, streakLength } from './home.repository.ts';
import { reviewsService } from './reviews.service.ts';

const DUE_BATCH = 50;

export const studyRoutes: FastifyPluginAsyncZod<Services> = async (app, { db, now }) => {
  const reviews = reviewsService(db, now);
  const vocabulary = vocabularyRepository(db);
  const home = homeRepository(db);
  const tags = ['study'];

  app.post(
    apiPaths.reviews,
    { schema: { tags, body: reviewAnswerSchema, response: { 200: reviewCardSchema } } },
    async (request) => {
      const { user } = requireAuth(request);
      if ((await vocabulary.existingVocaIds([request.body.voca_id])).size === 0) {
        throw new ApiError(400, 'unknown_vocas', `Unknown word ids: ${request.body.voca_id}.`);
      }
      const card = await reviews.answer(user.id, request.body.voca_id, request.body.grade);
      return { voca_id: card.vocaId, due: card.due.toISOString(), reps: card.reps, lapses: card.lapses };
    },
  );

  app.get(apiPaths.dueReviews, { schema: { tags, response: { 200: dueReviewsSchema } } }, async (request) => {
    const { user } = requireAuth(request);
    const [count, ids] = await Promise.all([reviews.dueCount(user.id), reviews.dueVocaIds(user.id, DUE_BATCH)]);
    const language = readerLanguage(request);
    return { count, words: (await vocabulary.vocasByIds(ids)).map((row) => serializeVoca(row, language)) };
  });

  app.post(
    apiPaths.studySessions,
    { schema: { tags, body: finishedSessionSchema, response: { 201: z.object({ id: z.number().int() }) } } },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const { bulletin_id: bulletinId, ...figures } = request.body;
      const [row] = await db
        .insert(studySessions)
        .values({ userId: user.id, bulletinId, ...figures, finishedAt: now() })
        .returning({ id: studySessions.id });
      return reply.status(201).send({ id: row!.id });
    },
  );

  app.get(
    apiPaths.home,
    {
      schema: {
        tags,
        querystring: z.object({ tz: z.string().max(64).refine(isTimeZone, 'unknown time zone').default('UTC') }),
        response: { 200: homeSummarySchema },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const timeZone = request.query.tz;
      const [totals, levels, days, dueReviews, last] = await Promise.all([
        home.totals(user.id),
        home.levelProgress(user.id),
        home.studyDays(user.id, timeZone),
        reviews.dueCount(user.id),
        home.lastList(user.id),
      ]);
      const today = localDate(now(), timeZone);
      const language = readerLanguage(request);
      return {
        total_learned: totals.learned,
        total_difficult: totals.difficult,
        levels: levels.map((row) => ({ level: row.level as CefrLevel, known: row.known, total: row.total })),
        streak: streakLength(days, today),
        studied_today: days[0] === today,
        due_reviews: dueReviews,
        last_list: last ? { id: last.id, title: last.title_translations?.[language] ?? last.title } : null,
      };
    },
  );
};
