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
import { practiceRepository } from './practice.repository.ts';
import { reviewsService } from './reviews.service.ts';

const DUE_BATCH = 50;

/** Practice answers, finished sessions and the home page's summary. */
export function studyService(services: Pick<Services, 'db' | 'now' | 'accounts' | 'catalogue'>) {
  const { db, now, accounts, catalogue } = services;
  const reviews = reviewsService(db, now);
  const vocabulary = vocabularyRepository(db);
  const home = homeRepository(db);
  const lists = listsService(services);
  const plans = entitlements(db, now, accounts);
  const words = vocabularyPolicy(db, plans, catalogue);

  return {
    /** Answers of one learner run one at a time, so none overwrites another's card. */
    async answerReview(userId: number, vocaId: number, grade: ReviewGrade) {
      await words.assertUsableWords(userId, [vocaId]);
      return db.transaction(async (tx) => {
        await lockForTransaction(tx, 'learnerProgress', userId);
        return reviewsService(tx, now).answer(userId, vocaId, grade);
      });
    },

    provenWords: (userId: number) => practiceRepository(db).proven(userId),

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

    /**
     * Also learns the learner's time zone, so that study reminders reach them in their evening.
     * The suggested list needs the level the learner starts from (none: no suggestion).
     */
    async home(
      userId: number,
      timeZone: string,
      language: UiLanguage,
      startingLevel: CefrLevel | null,
    ): Promise<HomeSummary> {
      const suggest = async () => {
        if (!startingLevel) return undefined;
        const { premiumLists } = await plans.of(userId);
        return home.suggestedList(userId, startingLevel, premiumLists);
      };
      const [totals, levels, days, dueReviews, last, suggested] = await Promise.all([
        home.totals(userId),
        home.levelProgress(userId),
        home.studyDays(userId, timeZone),
        reviews.dueCount(userId),
        home.lastList(userId),
        suggest(),
        usersRepository(db).rememberTimeZone(userId, timeZone),
      ]);
      const title = (list: { title: string; title_translations: Record<string, string> | null }) =>
        list.title_translations?.[language] ?? list.title;
      const today = localDate(now(), timeZone);
      return {
        total_learned: totals.learned,
        total_difficult: totals.difficult,
        total_proven: totals.proven,
        levels: levels.map((row) => ({
          level: row.level as CefrLevel,
          known: row.known,
          proven: row.proven,
          total: row.total,
        })),
        streak: streakLength(days, today),
        studied_today: days[0] === today,
        due_reviews: dueReviews,
        last_list: last ? { id: last.id, title: title(last) } : null,
        suggested_list: suggested
          ? {
              id: suggested.id,
              title: title(suggested),
              level: suggested.level as CefrLevel,
              quantity: suggested.quantity,
              known: suggested.known,
            }
          : null,
      };
    },
  };
}
