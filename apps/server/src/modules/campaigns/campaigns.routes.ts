import { campaignEndpoints, type UiLanguage } from '@vocagarden/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/http/route.ts';
import type { Services } from '../../services.ts';
import { pageAnswer } from '../analytics/analytics.service.ts';
import { recipientOf } from '../premium/plan-reminders.ts';
import { campaignsService } from './campaigns.service.ts';

/** Staff email campaigns (decision 018). Every route is `staff`: 401/403 before any of this runs. */
export const campaignsRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const campaigns = campaignsService(services);
  const staffLanguage = (user: Parameters<typeof recipientOf>[0]): UiLanguage => recipientOf(user).language;

  route(app, campaignEndpoints.list, () => campaigns.list());
  route(app, campaignEndpoints.create, ({ body, caller }) => campaigns.create(body, caller.user.id));
  route(app, campaignEndpoints.get, ({ params }) => campaigns.get(params.id));
  route(app, campaignEndpoints.update, ({ params, body }) => campaigns.update(params.id, body));
  route(app, campaignEndpoints.remove, async ({ params }) => {
    await campaigns.remove(params.id);
    return null;
  });
  route(app, campaignEndpoints.preview, ({ params, query, caller }) =>
    campaigns.preview(params.id, query.language, caller.user),
  );
  route(app, campaignEndpoints.test, async ({ params, body, caller }) => {
    await campaigns.sendTest(params.id, body.language ?? staffLanguage(caller.user), caller.user);
    return { detail: 'The test message is on its way to your address.' };
  });
  route(app, campaignEndpoints.send, ({ params, body }) =>
    campaigns.send(params.id, body.at === undefined ? undefined : new Date(body.at)),
  );
  route(app, campaignEndpoints.recipients, async ({ query }) => {
    const page = await campaigns.recipients(query);
    return pageAnswer(services.publicUrl, campaignEndpoints.recipients.path, query, page.count, page.results);
  });
};
