import { platformEndpoints } from '@vocagarden/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { route } from '../../lib/http/route.ts';
import { devOutboxRepository } from './dev-outbox.repository.ts';

/** A clock that browser tests can move forward (never backward) to reach future due dates. */
export function adjustableClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms: number) {
      offsetMs += ms;
    },
  };
}

/**
 * Development and browser-test aids, registered only with DEV_TOOLS=true: read what the dev
 * outbox "sent" to an address, and move the server's clock forward.
 */
export const devToolsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  clock: ReturnType<typeof adjustableClock> | undefined;
  outbox: boolean;
}> = async (app, { db, clock, outbox }) => {
  if (outbox) {
    const mails = devOutboxRepository(db);
    route(app, platformEndpoints.devOutbox, async ({ query }) =>
      (await mails.recentTo(query.to)).map((row) => ({
        subject: row.subject,
        text: row.text,
        html: row.html,
        created_at: row.createdAt.toISOString(),
      })),
    );
  }

  if (clock) {
    route(app, platformEndpoints.devClock, async ({ body }) => {
      clock.advance(body.advance_ms);
      return { now: clock.now().toISOString() };
    });
  }
};
