import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { contactMessages, issueReports, users, vocas } from '../../db/schema.ts';

export type NewContactMessage = typeof contactMessages.$inferInsert;
export type NewIssueReport = Omit<typeof issueReports.$inferInsert, 'resolved' | 'resolvedAt' | 'resolvedBy'>;

/** A report with its author's name (null once the account is gone) and the word it is about. */
export interface IssueReportRow {
  id: number;
  userId: number | null;
  userName: string | null;
  issueId: string;
  issueDescription: string;
  page: string | null;
  vocaId: number | null;
  word: string | null;
  createdAt: Date;
  resolved: boolean;
}

/** Contact-form messages and learners' issue reports. */
export function feedbackRepository(db: Executor) {
  const reportColumns = {
    id: issueReports.id,
    userId: issueReports.userId,
    // As the staff tables name a user: first and last name, else the email.
    userName: sql<
      string | null
    >`coalesce(nullif(btrim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email})`,
    issueId: issueReports.issueId,
    issueDescription: issueReports.issueDescription,
    page: issueReports.page,
    vocaId: issueReports.vocaId,
    word: vocas.word,
    createdAt: issueReports.createdAt,
    resolved: issueReports.resolved,
  };
  const reports = () =>
    db
      .select(reportColumns)
      .from(issueReports)
      .leftJoin(users, eq(users.id, issueReports.userId))
      .leftJoin(vocas, eq(vocas.id, issueReports.vocaId));

  return {
    async addContactMessage(message: NewContactMessage): Promise<number> {
      const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
      return row!.id;
    },

    async addIssueReport(report: NewIssueReport): Promise<IssueReportRow> {
      const [row] = await db.insert(issueReports).values(report).returning({ id: issueReports.id });
      const [added] = await reports().where(eq(issueReports.id, row!.id));
      return added!;
    },

    /** The user's reports, newest first. */
    issueReportsOf(userId: number, limit: number): Promise<IssueReportRow[]> {
      return reports()
        .where(eq(issueReports.userId, userId))
        .orderBy(desc(issueReports.createdAt), desc(issueReports.id))
        .limit(limit);
    },
  };
}
