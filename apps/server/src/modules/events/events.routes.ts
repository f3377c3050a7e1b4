import { eventEndpoint, MAX_EVENT_PAYLOAD_BYTES } from '@vocagarden/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../../lib/errors.ts';
import { route } from '../../lib/http/route.ts';
import type { Services } from '../../services.ts';
import { eventsService } from './events.service.ts';

/** POST event-call/{event}/: 202 once the event is safely queued. */
export const eventsRoutes: FastifyPluginAsync<Services> = async (app, { jobs, now }) => {
  const events = eventsService(jobs, now);
  route(
    app,
    eventEndpoint,
    async ({ params, body, caller }) => {
      const payload = body ?? {};
      if (Buffer.byteLength(JSON.stringify(payload)) > MAX_EVENT_PAYLOAD_BYTES) {
        throw new ApiError(400, 'invalid', `Event payloads are limited to ${MAX_EVENT_PAYLOAD_BYTES} bytes.`);
      }
      await events.record(params.event, payload, caller?.user.id ?? null);
      return { detail: 'Accepted.' };
    },
    { bodyLimit: MAX_EVENT_PAYLOAD_BYTES * 2 },
  );
};
