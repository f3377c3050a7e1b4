import { z } from 'zod';
import { emailPreferenceKindSchema } from './account.ts';
import { endpoint } from './endpoint.ts';
import { textSchema } from './primitives.ts';

/**
 * Unsubscribing from an email without signing in (RFC 8058, decision 018). Every optional email
 * carries a signed link naming the recipient and the kind of mail; mail clients POST to it ("one
 * click"), a person who opens it gets the web page `/unsubscribe`, which asks before doing it, so
 * a security scanner that follows every link unsubscribes nobody.
 */

const linkQuerySchema = z.object({ token: textSchema(400) });

export const unsubscribeInfoSchema = z
  .object({
    kind: emailPreferenceKindSchema,
    /** The address, partly hidden ("a•••@example.com"): enough to recognise, useless to harvest. */
    email: z.string(),
    /** Whether that kind of mail is still on. */
    subscribed: z.boolean(),
  })
  .meta({ id: 'UnsubscribeInfo' });
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfoSchema>;

/** The tracking pixel's bytes (a 1×1 transparent GIF). */
export const pixelSchema = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array, 'Expected the bytes of an image')
  .meta({ type: 'string', format: 'binary', description: 'A 1×1 transparent GIF' });

/** The one-off secret a bounce notification carries (EMAIL_BOUNCE_WEBHOOK_SECRET), compared in constant time. */
export const BOUNCE_SECRET_HEADER = 'x-vocagarden-webhook-secret';

export const bounceNotificationSchema = z
  .object({
    email: z.email().max(254),
    /** A permanent failure (5xx: no such mailbox); transient ones (full mailbox) are only logged. */
    permanent: z.boolean(),
  })
  .meta({ id: 'BounceNotification' });

const tag = 'email';

export const emailEndpoints = {
  unsubscribeInfo: endpoint({
    method: 'GET',
    path: '/email/unsubscribe/info/',
    access: 'public',
    summary: 'What an unsubscribe link would turn off, for the page that asks first',
    tag,
    query: linkQuerySchema,
    status: 200,
    response: unsubscribeInfoSchema,
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/email/unsubscribe/',
    access: 'public',
    summary: 'Turn off the kind of email a link names (RFC 8058 one-click; the body is ignored)',
    tag,
    query: linkQuerySchema,
    status: 200,
    response: unsubscribeInfoSchema,
    errors: [429],
  }),
  open: endpoint({
    method: 'GET',
    path: '/email/open/:token/',
    access: 'public',
    summary: "A campaign message's tracking pixel: the first fetch marks it opened (approximate)",
    tag,
    params: linkQuerySchema,
    status: 200,
    response: pixelSchema,
    contentType: 'image/gif',
  }),
  click: endpoint({
    method: 'GET',
    path: '/email/click/',
    access: 'public',
    summary: 'A tracked link of a campaign: marks the click, then redirects to the signed address only',
    tag,
    query: linkQuerySchema,
    status: 302,
    response: z.string(),
  }),
  bounce: endpoint({
    method: 'POST',
    path: '/email/bounces/',
    access: 'public',
    summary: "The mail provider's bounce notification (shared secret in the x-vocagarden-webhook-secret header)",
    tag,
    body: bounceNotificationSchema,
    status: 204,
    response: z.null(),
    errors: [403],
  }),
  unsubscribeLink: endpoint({
    method: 'GET',
    path: '/email/unsubscribe/',
    access: 'public',
    summary: 'Opened in a browser, the one-click link leads to the page that asks before unsubscribing',
    tag,
    query: linkQuerySchema,
    status: 302,
    response: z.string(),
  }),
};
