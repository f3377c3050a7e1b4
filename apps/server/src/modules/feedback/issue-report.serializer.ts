import { issueKindOf, type MyIssueReport } from '@vocagarden/contract';
import type { IssueReportRow } from './feedback.repository.ts';

/** The contract's issue-report row (the learner's list and the staff table) (`user`: the author's name, empty once the account is gone). */
export function serializeIssueReport(row: Omit<IssueReportRow, 'word'>): Omit<MyIssueReport, 'word'> {
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
