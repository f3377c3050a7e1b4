import { analyticsEndpoints, feedbackEndpoints, issueKindOf, type MyIssueReport } from '@vocagarden/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/http/route.ts';
import type { Services } from '../../services.ts';
import type { IssueReportRow } from './feedback.repository.ts';
import { feedbackService } from './feedback.service.ts';

/** The contract's issue-report row, as the staff table shows it (`user`: the author's name, empty once the account is gone). */
export function serializeIssueReport(row: IssueReportRow): Omit<MyIssueReport, 'word'> {
  return {
    id: row.id,
    user: row.userName ?? '',
    user_id: row.userId,
    issue_id: issueKindOf(row.issueId),
    issue_description: row.issueDescription,
    page: row.page,
    voca_id: row.vocaId,
    created_at: row.createdAt.toISOString(),
    resolved: row.resolved,
  };
}

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
