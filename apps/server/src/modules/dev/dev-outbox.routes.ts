import { apiPaths } from '@vocagarden/contract';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema.ts';

/**
 * Lets browser tests and developers read what the dev outbox "sent" to an address. Registered
 * only when DEV_OUTBOX_API is on and no SMTP server is configured.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
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
};
