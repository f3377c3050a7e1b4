import { analyticsEndpoints } from '@vocagarden/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Executor } from '../../db/client.ts';
import { route } from '../../lib/http/route.ts';
import type { Services } from '../../services.ts';
import { ensureRecurring, workRecurring } from '../../lib/jobs/recurring.ts';
import { analyticsRollup } from './analytics-rollups.ts';
import { analyticsService } from './analytics.service.ts';

export type AnalyticsRoutesOptions = Services & {
  /** The read replica of ANALYTICS_DATABASE_URL, or `db` without one (see AnalyticsServices.reads). */
  reads: Executor;
  /** ANALYTICS_TIME_ZONE: where days and months are counted. */
  timeZone: string;
};

/**
 * The staff analytics area (spec §2, §3, §7; decision 015). Every route is `staff`: route.ts
 * answers 401 without a token and 403 to learners and to impersonation tokens before any of this runs.
 */
export const analyticsRoutes: FastifyPluginAsyncZod<AnalyticsRoutesOptions> = async (app, services) => {
  const analytics = analyticsService(services);
  // The rollup writes its counters: on the primary.
  const rollup = analyticsRollup(services.db);
  await workRecurring(services.jobs, rollup);
  // After app.ts's onReady hook has started the queue.
  app.addHook('onReady', () => ensureRecurring(services.jobs, rollup));

  route(app, analyticsEndpoints.users, () => analytics.users());
  route(app, analyticsEndpoints.earnings, () => analytics.earnings());
  route(app, analyticsEndpoints.records, () => analytics.records());
  route(app, analyticsEndpoints.charts, () => analytics.charts());

  route(app, analyticsEndpoints.subscriptions, ({ query }) =>
    analytics.subscriptions(analyticsEndpoints.subscriptions.path, query),
  );
  route(app, analyticsEndpoints.issueReports, ({ query }) =>
    analytics.issueReports(analyticsEndpoints.issueReports.path, query),
  );
  route(app, analyticsEndpoints.newUsers, ({ query }) => analytics.newUsers(analyticsEndpoints.newUsers.path, query));
  route(app, analyticsEndpoints.contactMessages, ({ query }) =>
    analytics.contactMessages(analyticsEndpoints.contactMessages.path, query),
  );
  route(app, analyticsEndpoints.premiumAnalysis, ({ query }) =>
    analytics.premiumAnalysis(analyticsEndpoints.premiumAnalysis.path, query),
  );

  route(app, analyticsEndpoints.resolveIssueReport, ({ params, body, caller }) =>
    analytics.resolveIssueReport(params.id, body.resolved, caller.user.id),
  );

  route(app, analyticsEndpoints.userInfo, ({ query }) => analytics.userInfo(query.user_id));

  route(app, analyticsEndpoints.token, ({ query, caller, request }) =>
    analytics.token(caller.user, query.user_id, request.headers['user-agent']),
  );
};
