import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE, seedSampleContent } from '../../../test/content-fixture.ts';
import { signUp } from '../../../test/factories.ts';
import { createTestApp, lastMail, TEST_PUBLIC_URL, testDatabase, testMail } from '../../../test/test-app.ts';
import { reviewCards, studySessions, users } from '../../db/schema.ts';
import { emailQueue } from '../../lib/email/email-queue.ts';
import { appSecret, linkSigner } from '../../lib/signed-links.ts';
import { LONG_ABSENCE_DAYS, MAX_UNANSWERED_REMINDERS, sendStudyReminders } from './study-reminders.ts';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

let app: FastifyInstance;
let services: Parameters<typeof sendStudyReminders>[0];

/** Tomorrow 15:00 UTC: 18:00 in Istanbul (UTC+3 all year), 19:00 in Baku (UTC+4). */
const evening = (() => {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 1);
  day.setUTCHours(15, 0, 0, 0);
  return day.getTime();
})();
const at = (ms: number) => new Date(ms);

beforeAll(async () => {
  app = await createTestApp();
  const { db } = await testDatabase();
  await seedSampleContent(db);
  services = {
    db,
    email: emailQueue(app.jobs),
    links: linkSigner(await appSecret(db, 'email-links')),
    now: () => new Date(),
    publicUrl: TEST_PUBLIC_URL,
  };
});

afterAll(() => app.close());

interface LearnerSetup {
  timeZone?: string | null;
  language?: 'en' | 'tr';
  /** Words due for review at `evening`. */
  due?: number;
  /** Days before `evening` with a finished session (0 = earlier today). */
  studiedDaysAgo?: number[];
  reminders?: boolean;
  bounced?: boolean;
  /** Last seen this long before `evening` (default: a day). */
  lastSeenMsAgo?: number;
}

/** A learner as the reminder sees them: time zone, reviews, sessions, preferences. */
async function learner(setup: LearnerSetup = {}) {
  const { user } = await signUp(app, { native_language_code: setup.language ?? 'en', first_name: 'Ada' });
  const { db } = await testDatabase();
  await db
    .update(users)
    .set({
      timeZone: setup.timeZone === undefined ? 'Europe/Istanbul' : setup.timeZone,
      emailStudyReminders: setup.reminders ?? true,
      emailBouncedAt: setup.bounced ? at(evening - 10 * DAY) : null,
      lastActivity: at(evening - (setup.lastSeenMsAgo ?? DAY)),
      dateJoined: at(evening - 60 * DAY),
    })
    .where(eq(users.id, user.id));
  for (let index = 0; index < (setup.due ?? 0); index += 1) {
    await db.insert(reviewCards).values({
      userId: user.id,
      vocaId: SAMPLE.appleId + index,
      due: at(evening - HOUR),
      stability: 1,
      difficulty: 5,
      elapsedDays: 1,
      scheduledDays: 1,
      learningSteps: 0,
      reps: 1,
      lapses: 0,
      state: 2,
    });
  }
  for (const daysAgo of setup.studiedDaysAgo ?? []) {
    await db.insert(studySessions).values({
      userId: user.id,
      bulletinId: null,
      kind: 'review',
      learned: 0,
      hard: 0,
      answers: 5,
      correct: 5,
      finishedAt: at(evening - daysAgo * DAY - 2 * HOUR),
    });
  }
  return user;
}

describe('the evening study reminder', () => {
  it('goes at 18:00 in the learner’s zone to whoever has reviews due or a streak to keep, once', async () => {
    const due = await learner({ due: 3 });
    const streak = await learner({ studiedDaysAgo: [1, 2] });
    const studiedToday = await learner({ due: 2, studiedDaysAgo: [0] });
    const optedOut = await learner({ due: 2, reminders: false });
    const bounced = await learner({ due: 2, bounced: true });
    const idle = await learner();
    const noZone = await learner({ due: 2, timeZone: null });
    const baku = await learner({ due: 1, timeZone: 'Asia/Baku' });

    const run = await sendStudyReminders(services, at(evening));
    expect(run.reminded).toEqual(expect.arrayContaining([due.id, streak.id]));
    for (const quiet of [studiedToday, optedOut, bounced, idle, noZone, baku]) {
      expect(run.reminded, quiet.email).not.toContain(quiet.id);
    }

    const reviewMail = await lastMail(app, due.email);
    expect(reviewMail.subject).toBe('3 words are waiting for review');
    expect(reviewMail.text).toContain(`${TEST_PUBLIC_URL}/home`);
    expect(reviewMail.text).toContain('"Study reminders" is on');
    expect(reviewMail.headers['list-unsubscribe']).toMatch(/\/cyberapi\/email\/unsubscribe\/\?token=/);
    expect(reviewMail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect((await lastMail(app, streak.email)).subject).toBe('Keep your 2-day streak growing');

    // At most one a day: the same evening again, and later that night, send nothing more.
    const again = await sendStudyReminders(services, at(evening));
    const later = await sendStudyReminders(services, at(evening + 30 * 60_000));
    expect([...again.reminded, ...later.reminded]).not.toContain(due.id);
    expect((await testMail()).to(due.email).filter((mail) => mail.subject.includes('review'))).toHaveLength(1);

    // Baku's evening is an hour earlier in UTC.
    expect((await sendStudyReminders(services, at(evening - HOUR))).reminded).toContain(baku.id);
  });

  it('finds each zone’s evening over a whole day, across the date line and daylight saving', async () => {
    const zones = ['Europe/Istanbul', 'Asia/Baku', 'America/New_York', 'Asia/Kolkata', 'Pacific/Auckland', 'UTC'];
    const learners = await Promise.all(zones.map((timeZone) => learner({ timeZone, due: 1 })));
    const remindedAt = new Map<number, Date[]>();
    for (let hour = 0; hour < 24; hour += 1) {
      const moment = at(evening + 9 * HOUR + hour * HOUR);
      for (const id of (await sendStudyReminders(services, moment)).reminded) {
        remindedAt.set(id, [...(remindedAt.get(id) ?? []), moment]);
      }
    }
    learners.forEach((person, index) => {
      const times = remindedAt.get(person.id) ?? [];
      expect(times, zones[index]).toHaveLength(1);
      const localHour = Number(
        new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: zones[index] }).format(
          times[0],
        ),
      );
      expect(localHour, zones[index]).toBe(18);
    });
  });

  it('writes in the learner’s language', async () => {
    const turkish = await learner({ due: 4, language: 'tr' });
    await sendStudyReminders(services, at(evening));
    const mail = await lastMail(app, turkish.email);
    expect(mail.subject).toBe('Tekrar etmeni bekleyen 4 kelime var');
    expect(mail.text).toContain('Bu e-postaların aboneliğinden çık');
  });

  it(`stops after ${MAX_UNANSWERED_REMINDERS} unanswered days, and starts again after a visit`, async () => {
    const away = await learner({ due: 1 });
    const { db } = await testDatabase();
    const remindedOn = async (day: number) =>
      (await sendStudyReminders(services, at(evening + day * DAY))).reminded.includes(away.id);
    const days = [];
    for (let day = 0; day < MAX_UNANSWERED_REMINDERS + 2; day += 1) days.push(await remindedOn(day));
    expect(days).toEqual([true, true, true, false, false]);
    // The learner comes back (any signed-in visit) and leaves again: reminders resume.
    await db
      .update(users)
      .set({ lastActivity: at(evening + 4 * DAY + HOUR) })
      .where(eq(users.id, away.id));
    expect(await remindedOn(5)).toBe(true);
  });
});

describe('welcome back', () => {
  it(`is sent once after ${LONG_ABSENCE_DAYS} days away, with what the learner has, instead of daily reminders`, async () => {
    const gone = await learner({ due: 2, lastSeenMsAgo: (LONG_ABSENCE_DAYS + 1) * DAY });
    const run = await sendStudyReminders(services, at(evening));
    expect(run.welcomedBack).toContain(gone.id);
    expect(run.reminded).not.toContain(gone.id);
    const mail = await lastMail(app, gone.email);
    expect(mail.subject).toBe('Your garden misses you');
    expect(mail.text).toContain('2 of them are ready for a quick review');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const nextDay = await sendStudyReminders(services, at(evening + DAY));
    expect([...nextDay.welcomedBack, ...nextDay.reminded]).not.toContain(gone.id);
  });

  it('is not sent when study reminders are off', async () => {
    const gone = await learner({ due: 2, lastSeenMsAgo: 30 * DAY, reminders: false });
    expect((await sendStudyReminders(services, at(evening))).welcomedBack).not.toContain(gone.id);
  });
});
