import { eventEndpoint, MAX_EVENT_PAYLOAD_BYTES } from '@vocagarden/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../../lib/errors.ts';
import { route } from '../../lib/http/route.ts';
import type { Services } from '../../services.ts';
import { eventsService } from './events.service.ts';

/** POST event-call/{event}/: 202 once the event is safely queued. */
export const eventsRoutes: FastifyPluginAsync<Services> = async (app, services) => {
  const events = eventsService(services);

  // Counted as the request arrives (after the token is read, before the body is): a flood of
  // unknown or oversized events is refused as cheaply as a flood of good ones.
  app.addHook('onRequest', async (request) => {
    await events.admit(request.ip, request.auth?.user.id ?? null);
  });

  route(
    app,
    eventEndpoint,
    async ({ params, body, caller }) => {
      const payload = body ?? {};
      // The body limit below stops large bodies unread; this holds the stored payload to 4 kB.
      if (Buffer.byteLength(JSON.stringify(payload)) > MAX_EVENT_PAYLOAD_BYTES) {
        throw new ApiError(400, 'invalid', `Event payloads are limited to ${MAX_EVENT_PAYLOAD_BYTES} bytes.`);
      }
      await events.record(params.event, payload, caller?.user.id ?? null);
      return { detail: 'Accepted.' };
    },
    // Room for whitespace around a 4 kB payload; anything larger is a 413 before it is parsed.
    { bodyLimit: MAX_EVENT_PAYLOAD_BYTES * 2 },
  );
};
