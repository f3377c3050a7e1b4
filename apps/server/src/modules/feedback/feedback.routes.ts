import { analyticsEndpoints, feedbackEndpoints } from '@vocagarden/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/http/route.ts';
import type { Services } from '../../services.ts';
import { serializeIssueReport } from './issue-report.serializer.ts';
import { feedbackService } from './feedback.service.ts';

/** contact-messages/ (the contact form), issue-reports/ (report a problem) and the reporter's own list. */
export const feedbackRoutes: FastifyPluginAsync<Services> = async (app, services) => {
  const feedback = feedbackService(services);

  route(app, analyticsEndpoints.contactMessage, async ({ body, caller, request }) => {
    await feedback.sendContactMessage(body, caller, request.ip);
    return { detail: 'Message sent.' };
  });

  route(app, analyticsEndpoints.issueReport, async ({ body, caller }) =>
    serializeIssueReport(await feedback.reportIssue(caller.user.id, body)),
  );

  route(app, feedbackEndpoints.myIssueReports, async ({ caller }) =>
    (await feedback.myIssueReports(caller.user.id)).map((row) => ({ ...serializeIssueReport(row), word: row.word })),
  );
};
