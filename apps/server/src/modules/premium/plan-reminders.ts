import { isUiLanguage, PLAN_CHOICE_PATH } from '@vocagarden/contract';
import type { Recipient } from '../../lib/email/templates.ts';
import { planEndingEmail } from '../../lib/email/templates.ts';
import type { Services } from '../../services.ts';
import { unsubscribeLink } from '../email/unsubscribe-links.ts';
import { usersRepository, type UserRow } from '../users/users.repository.ts';
import { mayEmail } from '../users/users.service.ts';
import { premiumRepository } from './premium.repository.ts';

/** The job that reminds a learner three days before a plan ends; queued when the plan is bought. */
export const PLAN_ENDING_QUEUE = 'premium.plan-ending';

export interface PlanEndingJob {
  subscriptionId: number;
}

/** The learner's address, first name and interface language (English when unknown), for our mail. */
export function recipientOf(user: Pick<UserRow, 'email' | 'firstName' | 'nativeLanguageCode'>): Recipient {
  return {
    email: user.email,
    firstName: user.firstName,
    language: isUiLanguage(user.nativeLanguageCode) ? user.nativeLanguageCode : 'en',
  };
}

type ReminderServices = Pick<Services, 'db' | 'email' | 'links' | 'now' | 'publicUrl'>;

export type ReminderOutcome = 'sent' | 'gone' | 'over' | 'renewed' | 'opted_out';

/**
 * Sends the reminder unless it no longer makes sense: the plan is gone (account deleted) or already
 * over (the job ran late), the learner bought another plan that follows this one, or turned
 * "News about VocaGarden" (product_news) off — the preference that governs it (decision 012) — or
 * their address bounced (decision 018).
 */
export async function remindPlanEnding(
  { db, email, links, now, publicUrl }: ReminderServices,
  { subscriptionId }: PlanEndingJob,
): Promise<ReminderOutcome> {
  const premium = premiumRepository(db);
  const subscription = await premium.subscription(subscriptionId);
  if (!subscription) return 'gone';
  const at = now();
  if (subscription.endDate <= at) return 'over';
  const latestEnd = await premium.latestEnd(subscription.userId, at);
  if (latestEnd && latestEnd > subscription.endDate) return 'renewed';
  const user = await usersRepository(db).findById(subscription.userId);
  if (!user) return 'gone';
  if (!mayEmail(user, 'product_news')) return 'opted_out';
  await email.send(
    planEndingEmail(
      recipientOf(user),
      subscription.endDate,
      `${publicUrl}${PLAN_CHOICE_PATH}`,
      unsubscribeLink(links, publicUrl, { userId: user.id, kind: 'product_news' }),
    ),
  );
  return 'sent';
}

/** Registers the reminder worker; retried like other mail if the queue or the database hiccups. */
export function workPlanReminders(services: ReminderServices & Pick<Services, 'jobs'>) {
  return services.jobs.work<PlanEndingJob>(
    PLAN_ENDING_QUEUE,
    async (job) => {
      await remindPlanEnding(services, job);
    },
    { retryLimit: 5, retryDelaySeconds: 60 },
  );
}
