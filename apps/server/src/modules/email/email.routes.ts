import { timingSafeEqual } from 'node:crypto';
import { BOUNCE_SECRET_HEADER, emailEndpoints, UNSUBSCRIBE_PAGE_PATH } from '@vocagarden/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, forbidden } from '../../lib/errors.ts';
import { route } from '../../lib/http/route.ts';
import type { Services } from '../../services.ts';
import { readClickToken, readOpenToken } from '../campaigns/campaign-links.ts';
import { campaignsRepository } from '../campaigns/campaigns.repository.ts';
import { unsubscribeService } from './unsubscribe.service.ts';

export type EmailRoutesOptions = Services & {
  /** EMAIL_BOUNCE_WEBHOOK_SECRET; without it every bounce notification is refused. */
  bounceSecret: string | undefined;
};

/** A 1×1 transparent GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * Fetchers that are not the reader opening the mail: link scanners of mail security gateways and
 * our own previews. Their opens and clicks are not counted (opens stay approximate: Apple's and
 * others' privacy proxies fetch every image, and cannot be told apart).
 */
const NOT_A_READER =
  /barracuda|mimecast|proofpoint|symantec|forcepoint|trendmicro|sophos|fireeye|microsoft.*(safelinks|preview)|bingpreview|slackbot|facebookexternalhit|curl\/|wget\//i;

function secretMatches(given: string | string[] | undefined, expected: string | undefined): boolean {
  if (!expected || typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** RFC 8058's one-click POST is a form ("List-Unsubscribe=One-Click"); its body says nothing we need. */
const ONE_CLICK_BODY_LIMIT = 1024;

export const emailRoutes: FastifyPluginAsyncZod<EmailRoutesOptions> = async (app, services) => {
  const unsubscribe = unsubscribeService(services);
  const campaigns = campaignsRepository(services.db);
  const isReader = (userAgent: string | undefined) => !NOT_A_READER.test(userAgent ?? '');
  // Only in this plugin: the rest of the API takes JSON alone.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: ONE_CLICK_BODY_LIMIT },
    (_request, _body, done) => done(null, undefined),
  );

  route(app, emailEndpoints.unsubscribeInfo, ({ query }) => unsubscribe.info(query.token));
  route(app, emailEndpoints.unsubscribe, ({ query }) => unsubscribe.unsubscribe(query.token));

  // The pixel answers the same to everyone (a bad token included): nothing to learn from it.
  route(app, emailEndpoints.open, async ({ params, request, reply }) => {
    const recipientId = readOpenToken(services.links, params.token);
    if (recipientId !== null && isReader(request.headers['user-agent'])) {
      await campaigns.track(recipientId, 'opened', services.now());
    }
    reply.header('cache-control', 'no-store, private');
    return PIXEL;
  });

  // Only to the address the link was signed for: a changed link is refused, never followed.
  route(app, emailEndpoints.click, async ({ query, request }) => {
    const click = readClickToken(services.links, query.token);
    if (!click) throw new ApiError(400, 'invalid_link');
    if (isReader(request.headers['user-agent'])) await campaigns.track(click.recipientId, 'clicked', services.now());
    return click.url;
  });

  route(app, emailEndpoints.bounce, async ({ body, request }) => {
    if (!secretMatches(request.headers[BOUNCE_SECRET_HEADER], services.bounceSecret)) throw forbidden();
    if (body.permanent) await campaigns.markBouncedByEmail(body.email, services.now());
    else request.log.info('transient bounce reported; the address stays');
    return null;
  });
  // A person (or a scanner) opening the link gets the page that asks first; nothing changes here.
  route(
    app,
    emailEndpoints.unsubscribeLink,
    async ({ query }) => `${UNSUBSCRIBE_PAGE_PATH}?token=${encodeURIComponent(query.token)}`,
  );
};
