import type { CefrLevel, FinishedSession, HomeSummary, ReviewGrade, UiLanguage } from '@vocagarden/contract';
import { lockForTransaction } from '../../db/locks.ts';
import { studySessions } from '../../db/schema.ts';
import type { Services } from '../../services.ts';
import type { Authenticated } from '../auth/tokens.repository.ts';
import { listsService } from '../lists/lists.service.ts';
import { usersRepository } from '../users/users.repository.ts';
import { entitlements } from '../premium/entitlements.ts';
import { vocabularyPolicy } from '../vocabulary/vocabulary.policy.ts';
import { vocabularyRepository } from '../vocabulary/vocabulary.repository.ts';
import { homeRepository, localDate, streakLength } from './home.repository.ts';
import { reviewsService } from './reviews.service.ts';

const DUE_BATCH = 50;

/** Practice answers, finished sessions and the home page's summary. */
export function studyService(services: Pick<Services, 'db' | 'now'>) {
  const { db, now } = services;
  const reviews = reviewsService(db, now);
  const vocabulary = vocabularyRepository(db);
  const home = homeRepository(db);
  const lists = listsService(services);
  const words = vocabularyPolicy(db, entitlements(db, now));

  return {
    /** Answers of one learner run one at a time, so none overwrites another's card. */
    async answerReview(userId: number, vocaId: number, grade: ReviewGrade) {
      await words.assertUsableWords(userId, [vocaId]);
      return db.transaction(async (tx) => {
        await lockForTransaction(tx, 'learnerProgress', userId);
        return reviewsService(tx, now).answer(userId, vocaId, grade);
      });
    },

    async dueReviews(userId: number) {
      const [count, ids] = await Promise.all([reviews.dueCount(userId), reviews.dueVocaIds(userId, DUE_BATCH)]);
      // Words marked while premium stay scheduled, but their texts are premium content again.
      return { count, words: await vocabulary.vocasByIds(ids, await words.visibleWords(userId)) };
    },

    /** A session on a list counts only for a list the learner may read (else the home page would show its title). */
    async finishSession(caller: Authenticated, session: FinishedSession): Promise<number> {
      const { bulletin_id: bulletinId, ...figures } = session;
      if (bulletinId !== null) await lists.readable(bulletinId, caller);
      const [row] = await db
        .insert(studySessions)
        .values({ userId: caller.user.id, bulletinId, ...figures, finishedAt: now() })
        .returning({ id: studySessions.id });
      return row!.id;
    },

    /** Also learns the learner's time zone, so that study reminders reach them in their evening. */
    async home(userId: number, timeZone: string, language: UiLanguage): Promise<HomeSummary> {
      const [totals, levels, days, dueReviews, last] = await Promise.all([
        home.totals(userId),
        home.levelProgress(userId),
        home.studyDays(userId, timeZone),
        reviews.dueCount(userId),
        home.lastList(userId),
        usersRepository(db).rememberTimeZone(userId, timeZone),
      ]);
      const today = localDate(now(), timeZone);
      return {
        total_learned: totals.learned,
        total_difficult: totals.difficult,
        levels: levels.map((row) => ({ level: row.level as CefrLevel, known: row.known, total: row.total })),
        streak: streakLength(days, today),
        studied_today: days[0] === today,
        due_reviews: dueReviews,
        last_list: last ? { id: last.id, title: last.title_translations?.[language] ?? last.title } : null,
      };
    },
  };
}
