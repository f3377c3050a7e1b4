import { apiPaths, markRecordsSchema, vocaRecordSchema, type VocaRecord } from '@vocagarden/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { vocaHardRecords, vocaRecords } from '../../db/schema.ts';
import { ApiError } from '../../lib/errors.ts';
import type { Services } from '../../services.ts';
import { requireAuth } from '../auth/auth.hook.ts';
import { reviewsService } from '../study/reviews.service.ts';
import { vocabularyRepository } from '../vocabulary/vocabulary.repository.ts';
import { opposite, recordsRepository, type RecordTable } from './records.repository.ts';

/** First key of the per-user advisory lock taken while marking words. */
const RECORDS_LOCK_CLASS = 727_100_002;

const serialize = (row: { id: number; vocaId: number; createdAt: Date }): VocaRecord => ({
  id: row.id,
  voca_id: row.vocaId,
  created_at: row.createdAt.toISOString(),
});

/**
 * vocarecords/ (known) and vocahardrecords/ (challenging): the same routes over two tables.
 * Marking a word in one set removes it from the other, in one transaction, and puts it on the
 * learner's review schedule.
 */
export const recordsRoutes: FastifyPluginAsyncZod<Services> = async (app, { db, now }) => {
  const vocabulary = vocabularyRepository(db);
  const sets: [RecordTable, string, string][] = [
    [vocaRecords, apiPaths.records, apiPaths.record],
    [vocaHardRecords, apiPaths.hardRecords, apiPaths.hardRecord],
  ];

  for (const [table, collectionPath, itemPath] of sets) {
    const tags = ['records'];

    app.get(
      collectionPath,
      // Thousands of rows: the schema documents the shape, plain JSON.stringify writes it.
      { schema: { tags, response: { 200: z.array(vocaRecordSchema) } }, serializerCompiler: () => JSON.stringify },
      async (request) => {
        const { user } = requireAuth(request);
        return (await recordsRepository(db, table).list(user.id)).map(serialize);
      },
    );

    app.post(
      collectionPath,
      { schema: { tags, body: markRecordsSchema, response: { 201: z.array(vocaRecordSchema) } } },
      async (request, reply) => {
        const { user } = requireAuth(request);
        const ids = [...new Set('voca_id' in request.body ? [request.body.voca_id] : request.body.voca_ids)];
        const existing = await vocabulary.existingVocaIds(ids);
        const unknown = ids.filter((id) => !existing.has(id));
        if (unknown.length > 0) throw new ApiError(400, 'unknown_vocas', `Unknown word ids: ${unknown.join(', ')}.`);
        const rows = await db.transaction(async (tx) => {
          // One learner's marks run one at a time, so "known" and "challenging" cannot both win a race.
          await tx.execute(sql`SELECT pg_advisory_xact_lock(${RECORDS_LOCK_CLASS}, ${user.id})`);
          await recordsRepository(tx, opposite(table)).remove(user.id, ids);
          await reviewsService(tx, now).schedule(user.id, ids, table === vocaRecords ? 'good' : 'again');
          return recordsRepository(tx, table).add(user.id, ids);
        });
        return reply.status(201).send(rows.map(serialize));
      },
    );

    app.delete(
      itemPath,
      {
        schema: {
          tags,
          params: z.object({ vocaId: z.coerce.number().int().positive().max(2_147_483_647) }),
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        const { user } = requireAuth(request);
        await db.transaction(async (tx) => {
          await recordsRepository(tx, table).remove(user.id, [request.params.vocaId]);
          // A word in neither set leaves the review schedule.
          const elsewhere = await recordsRepository(tx, opposite(table)).has(user.id, request.params.vocaId);
          if (!elsewhere) await reviewsService(tx, now).forget(user.id, [request.params.vocaId]);
        });
        return reply.status(204).send(null);
      },
    );
  }
};
