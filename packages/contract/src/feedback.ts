import { z } from 'zod';
import { issueReportRowSchema } from './analytics.ts';
import { endpoint } from './endpoint.ts';

/**
 * What learners see of their own issue reports. The contact form (`contact-messages/`) and sending
 * a report (`issue-reports/`) are declared with the staff side in analytics.ts; this file holds the
 * learner's own view.
 */

/** How many of their reports a learner sees: the newest ones. */
export const MY_ISSUE_REPORTS_LIMIT = 100;

/** A report as its author sees it: the staff row, plus the word it is about (null for none). */
export const myIssueReportSchema = issueReportRowSchema
  .extend({ word: z.string().nullable() })
  .meta({ id: 'MyIssueReport' });
export type MyIssueReport = z.infer<typeof myIssueReportSchema>;

export const feedbackEndpoints = {
  myIssueReports: endpoint({
    method: 'GET',
    path: '/issue-reports/mine/',
    access: 'user',
    summary: `The caller's own issue reports (the newest ${MY_ISSUE_REPORTS_LIMIT}), newest first, open or resolved`,
    tag: 'contact',
    status: 200,
    response: z.array(myIssueReportSchema),
  }),
};
