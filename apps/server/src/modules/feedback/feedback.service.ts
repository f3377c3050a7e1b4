import {
  isUiLanguage,
  MY_ISSUE_REPORTS_LIMIT,
  type contactMessageBodySchema,
  type issueReportBodySchema,
} from '@vocagarden/contract';
import type { z } from 'zod';
import { contactConfirmationEmail } from '../../lib/email/templates.ts';
import { ApiError } from '../../lib/errors.ts';
import { limits, ThrottledError } from '../../lib/rate-limit.ts';
import type { Services } from '../../services.ts';
import type { Authenticated } from '../auth/tokens.repository.ts';
import { vocabularyRepository } from '../vocabulary/vocabulary.repository.ts';
import { feedbackRepository } from './feedback.repository.ts';

type ContactMessage = z.output<typeof contactMessageBodySchema>;
type IssueReport = z.output<typeof issueReportBodySchema>;

/** The contact form (anyone) and issue reports (signed-in learners). */
export function feedbackService({ db, email: mail, limiter }: Pick<Services, 'db' | 'email' | 'limiter'>) {
  /** Whether this address may get one more confirmation today; past the limit the message goes in without one. */
  async function mayConfirm(address: string): Promise<boolean> {
    try {
      await limiter.consume(limits.contactConfirmationsPerAddress, address);
      return true;
    } catch (error) {
      if (error instanceof ThrottledError) return false;
      throw error;
    }
  }

  return {
    /**
     * Stores the message (with the sender's account when signed in) and, in the same transaction,
     * queues a confirmation to the address typed: in the account's language when signed in, else
     * English. The confirmation never repeats the message body (see contactConfirmationEmail), so
     * typing someone else's address cannot make us deliver a stranger's text to them.
     */
    async sendContactMessage(message: ContactMessage, caller: Authenticated | null, ip: string): Promise<void> {
      await limiter.consume(limits.contactMessagesPerIp, ip);
      const confirm = await mayConfirm(message.email);
      const user = caller?.user;
      const ownAddress = user !== undefined && user.email.toLowerCase() === message.email.toLowerCase();
      await db.transaction(async (tx) => {
        await feedbackRepository(tx).addContactMessage({
          email: message.email,
          subject: message.subject,
          content: message.content,
          userId: user?.id ?? null,
        });
        if (!confirm) return;
        const to = {
          email: message.email,
          // The name is the account's: only when the mail goes to the account's own address.
          firstName: ownAddress ? user.firstName : '',
          language: isUiLanguage(user?.nativeLanguageCode) ? user.nativeLanguageCode : ('en' as const),
        };
        await mail.send(contactConfirmationEmail(to, message.subject), tx);
      });
    },

    /** A learner's report; a word it names must exist (400 otherwise). */
    async reportIssue(userId: number, report: IssueReport) {
      await limiter.consume(limits.issueReportsPerUser, String(userId));
      if (report.voca_id !== undefined) {
        const found = await vocabularyRepository(db).wordIdsFound([report.voca_id]);
        if (!found.existing.has(report.voca_id)) {
          throw new ApiError(400, 'unknown_vocas', `Unknown word ids: ${report.voca_id}.`);
        }
      }
      return feedbackRepository(db).addIssueReport({
        userId,
        issueId: report.issue_id,
        issueDescription: report.issue_description,
        page: report.page ?? null,
        vocaId: report.voca_id ?? null,
      });
    },

    myIssueReports: (userId: number) => feedbackRepository(db).issueReportsOf(userId, MY_ISSUE_REPORTS_LIMIT),
  };
}
