import { apiPaths, MAX_EVENT_PAYLOAD_BYTES, productEventSchema } from '@vocagarden/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { productEvents } from '../../db/schema.ts';
import { ApiError } from '../../lib/errors.ts';

/**
 * POST event-call/{event}/: answers 202 as soon as the event is checked; the row is written after
 * the reply so a slow database never holds up the page that fired it.
 */
export const eventsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    apiPaths.event,
    {
      bodyLimit: MAX_EVENT_PAYLOAD_BYTES * 2,
      schema: {
        tags: ['events'],
        params: z.object({ event: productEventSchema }),
        body: z.record(z.string(), z.unknown()).optional(),
        response: { 202: z.object({ detail: z.string() }) },
      },
    },
    async (request, reply) => {
      const payload = request.body ?? {};
      if (Buffer.byteLength(JSON.stringify(payload)) > MAX_EVENT_PAYLOAD_BYTES) {
        throw new ApiError(400, 'invalid', `Event payloads are limited to ${MAX_EVENT_PAYLOAD_BYTES} bytes.`);
      }
      const row = { event: request.params.event, payload, userId: request.auth?.user.id ?? null };
      reply.raw.once('finish', () => {
        db.insert(productEvents)
          .values(row)
          .catch((error: unknown) => request.log.warn({ err: error }, 'could not store a product event'));
      });
      return reply.status(202).send({ detail: 'Accepted.' });
    },
  );
};
