import { apiPaths } from '@vocagarden/contract';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema.ts';

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
    app.get(
      apiPaths.devOutbox,
      {
        schema: {
          hide: true,
          querystring: z.object({ to: z.email() }),
          response: {
            200: z.array(
              z.object({ subject: z.string(), text: z.string(), html: z.string(), created_at: z.iso.datetime() }),
            ),
          },
        },
      },
      async (request) => {
        const rows = await db
          .select()
          .from(emailOutbox)
          .where(eq(emailOutbox.recipient, request.query.to.toLowerCase()))
          .orderBy(desc(emailOutbox.id))
          .limit(20);
        return rows.map((row) => ({
          subject: row.subject,
          text: row.text,
          html: row.html,
          created_at: row.createdAt.toISOString(),
        }));
      },
    );
  }

  if (clock) {
    app.post(
      apiPaths.devClock,
      {
        schema: {
          hide: true,
          body: z.object({
            advance_ms: z
              .number()
              .int()
              .min(0)
              .max(10 * 365 * 86_400_000),
          }),
          response: { 200: z.object({ now: z.iso.datetime() }) },
        },
      },
      async (request) => {
        clock.advance(request.body.advance_ms);
        return { now: clock.now().toISOString() };
      },
    );
  }
};
