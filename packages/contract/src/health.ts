import { z } from 'zod';
import { endpoint } from './endpoint.ts';

export const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') }).meta({ id: 'Health' });
export type Health = z.infer<typeof healthSchema>;

export const readinessSchema = z
  .object({ status: z.literal('ready'), database: z.literal('ok') })
  .meta({ id: 'Readiness' });
export type Readiness = z.infer<typeof readinessSchema>;

export const devOutboxMailSchema = z.object({
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created_at: z.iso.datetime(),
});

export const platformEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/health/',
    access: 'public',
    summary: 'The server and its database answer',
    tag: 'health',
    status: 200,
    response: healthSchema,
  }),
  /**
   * For load balancers and orchestrators (decision 025): 200 while this instance takes traffic, 503
   * `service_unavailable` while it is starting, draining after SIGTERM, or cannot reach its database.
   */
  ready: endpoint({
    method: 'GET',
    path: '/ready/',
    access: 'public',
    summary: 'This instance takes traffic: started, not draining, its database answering',
    tag: 'health',
    status: 200,
    response: readinessSchema,
    errors: [503],
  }),
  /** DEV_TOOLS only: what the dev outbox "sent" to an address. */
  devOutbox: endpoint({
    method: 'GET',
    path: '/dev/outbox/',
    access: 'public',
    summary: 'Dev outbox mail to an address',
    tag: 'dev',
    hidden: true,
    query: z.object({ to: z.email() }),
    status: 200,
    response: z.array(devOutboxMailSchema),
  }),
  /** DEV_TOOLS only: move the server's clock forward (never back). */
  devClock: endpoint({
    method: 'POST',
    path: '/dev/clock/',
    access: 'public',
    summary: "Move the server's clock forward",
    tag: 'dev',
    hidden: true,
    body: z.object({
      advance_ms: z
        .number()
        .int()
        .min(0)
        .max(10 * 365 * 86_400_000),
    }),
    status: 200,
    response: z.object({ now: z.iso.datetime() }),
  }),
};
