import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { studyReminderEmail, welcomeBackEmail } from '../../lib/email/templates.ts';
import type { Recurring } from '../../lib/jobs/recurring.ts';
import type { Services } from '../../services.ts';
import { unsubscribeLink } from '../email/unsubscribe-links.ts';
import { recipientOf } from '../premium/plan-reminders.ts';
import { usersRepository } from '../users/users.repository.ts';
import { homeRepository, localDate, streakLength } from './home.repository.ts';

/**
 * Study reminders (decision 018): once an hour, the learners for whom it is early evening get, on
 * a day they have not studied, one reminder when reviews are due or yesterday's streak would
 * break; after a few reminders in a row without a visit they stop until the learner comes back.
 * After a long absence, once, a "welcome back" summary instead.
 */
export const STUDY_REMINDERS_QUEUE = 'study.reminders';
export const STUDY_REMINDERS_INTERVAL_MS = 60 * 60_000;
/** The local hour (18:00–18:59) in which reminders go out. */
export const REMINDER_LOCAL_HOUR = 18;
/** Reminders in a row that may go without a visit before they stop. */
export const MAX_UNANSWERED_REMINDERS = 3;
/** An absence this long gets one "welcome back" instead of daily reminders. */
export const LONG_ABSENCE_DAYS = 14;
/** Learners handled per batch: each batch is one query and one transaction. */
const BATCH = 500;

type ReminderServices = Pick<Services, 'db' | 'email' | 'links' | 'now' | 'publicUrl'>;

interface Candidate {
  id: number;
  email: string;
  first_name: string;
  native_language_code: string | null;
  time_zone: string;
  unanswered: number;
  due_reviews: number;
}

export interface ReminderRun {
  reminded: number[];
  welcomedBack: number[];
}

/** Optional study mail may go to this learner now: they want it, their address works, it is their evening. */
const eligible = (at: string) => sql`
  u.email_study_reminders AND u.email_bounced_at IS NULL AND u.time_zone IS NOT NULL
  AND extract(hour FROM (${at}::timestamptz AT TIME ZONE u.time_zone)) = ${REMINDER_LOCAL_HOUR}`;

export async function sendStudyReminders(services: ReminderServices, at: Date = services.now()): Promise<ReminderRun> {
  const run: ReminderRun = { reminded: [], welcomedBack: [] };
  for (;;) {
    const sent = await remindBatch(services, at);
    run.reminded.push(...sent);
    if (sent.length < BATCH) break;
  }
  for (;;) {
    const sent = await welcomeBackBatch(services, at);
    run.welcomedBack.push(...sent);
    if (sent.length < BATCH) break;
  }
  return run;
}

/**
 * Learners who have not studied today (their time) and have reviews due or a streak that ends
 * tonight, not reminded yet today, and not too many reminders in a row without a visit (a visit
 * since the last reminder answers it).
 */
async function remindBatch(services: ReminderServices, at: Date): Promise<number[]> {
  const { db, email, links, publicUrl } = services;
  const now = at.toISOString();
  const candidates = await queryRows<Candidate & { studied_yesterday: boolean }>(
    db,
    sql`
    WITH local AS (
      SELECT u.id, u.email, u.first_name, u.native_language_code, u.time_zone,
             (${now}::timestamptz AT TIME ZONE u.time_zone)::date AS today,
             CASE WHEN u.last_activity > u.study_reminder_sent_at THEN 0 ELSE u.study_reminders_unanswered END AS unanswered
      FROM users u
      WHERE ${eligible(now)}
        AND coalesce(u.last_activity, u.date_joined) >= ${now}::timestamptz - make_interval(days => ${LONG_ABSENCE_DAYS})
        AND (u.study_reminder_sent_at IS NULL
             OR (u.study_reminder_sent_at AT TIME ZONE u.time_zone)::date < (${now}::timestamptz AT TIME ZONE u.time_zone)::date)
    )
    SELECT l.id, l.email, l.first_name, l.native_language_code, l.time_zone, l.unanswered::int AS unanswered,
           due.count AS due_reviews, coalesce(days.yesterday, false) AS studied_yesterday
    FROM local l
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS count FROM review_cards r WHERE r.user_id = l.id AND r.due <= ${now}::timestamptz
    ) due
    CROSS JOIN LATERAL (
      SELECT bool_or((s.finished_at AT TIME ZONE l.time_zone)::date = l.today) AS today,
             bool_or((s.finished_at AT TIME ZONE l.time_zone)::date = l.today - 1) AS yesterday
      FROM study_sessions s
      WHERE s.user_id = l.id AND s.finished_at >= ${now}::timestamptz - interval '3 days'
    ) days
    WHERE l.unanswered < ${MAX_UNANSWERED_REMINDERS}
      AND NOT coalesce(days.today, false)
      AND (due.count > 0 OR coalesce(days.yesterday, false))
    ORDER BY l.id
    LIMIT ${BATCH}`,
  );
  const home = homeRepository(db);
  for (const learner of candidates) {
    const streak = learner.studied_yesterday
      ? streakLength(await home.studyDays(learner.id, learner.time_zone), localDate(at, learner.time_zone))
      : 0;
    const mail = studyReminderEmail(
      recipientOf({
        email: learner.email,
        firstName: learner.first_name,
        nativeLanguageCode: learner.native_language_code,
      }),
      { dueReviews: learner.due_reviews, streak },
      publicUrl,
      unsubscribeLink(links, publicUrl, { userId: learner.id, kind: 'study_reminders' }),
    );
    // The mail is queued with the mark that it went out: a retried run never sends it twice.
    await db.transaction(async (tx) => {
      await usersRepository(tx).update(learner.id, {
        studyReminderSentAt: at,
        studyRemindersUnanswered: learner.unanswered + 1,
      });
      await email.send(mail, tx);
    });
  }
  return candidates.map((learner) => learner.id);
}

/** Learners away for LONG_ABSENCE_DAYS or more who have not had a "welcome back" since they left. */
async function welcomeBackBatch(services: ReminderServices, at: Date): Promise<number[]> {
  const { db, email, links, publicUrl } = services;
  const now = at.toISOString();
  const candidates = await queryRows<Candidate & { learned: number }>(
    db,
    sql`
    SELECT u.id, u.email, u.first_name, u.native_language_code, u.time_zone, 0 AS unanswered,
           (SELECT count(*)::int FROM review_cards r WHERE r.user_id = u.id AND r.due <= ${now}::timestamptz) AS due_reviews,
           (SELECT count(*)::int FROM voca_records v WHERE v.user_id = u.id) AS learned
    FROM users u
    WHERE ${eligible(now)}
      AND coalesce(u.last_activity, u.date_joined) < ${now}::timestamptz - make_interval(days => ${LONG_ABSENCE_DAYS})
      AND (u.welcome_back_sent_at IS NULL OR u.welcome_back_sent_at < coalesce(u.last_activity, u.date_joined))
    ORDER BY u.id
    LIMIT ${BATCH}`,
  );
  for (const learner of candidates) {
    const mail = welcomeBackEmail(
      recipientOf({
        email: learner.email,
        firstName: learner.first_name,
        nativeLanguageCode: learner.native_language_code,
      }),
      { learned: learner.learned, dueReviews: learner.due_reviews },
      publicUrl,
      unsubscribeLink(links, publicUrl, { userId: learner.id, kind: 'study_reminders' }),
    );
    await db.transaction(async (tx) => {
      await usersRepository(tx).update(learner.id, { welcomeBackSentAt: at });
      await email.send(mail, tx);
    });
  }
  return candidates.map((learner) => learner.id);
}

/** The hourly run, on one of the servers. */
export function studyReminders(services: ReminderServices): Recurring {
  return {
    queue: STUDY_REMINDERS_QUEUE,
    intervalMs: STUDY_REMINDERS_INTERVAL_MS,
    run: async () => {
      await sendStudyReminders(services);
    },
    options: { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 1800 },
  };
}
