import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ApiError, forbidden, notFound } from '../../lib/errors.ts';
import type { Entitlements, EntitlementsService } from '../premium/entitlements.ts';
import type { CatalogueWords } from './catalogue-words.ts';
import { vocabularyRepository, wordsOfReadableLists } from './vocabulary.repository.ts';

/**
 * Which words a caller may read: premium learners every word; everyone else the words of the
 * lists they may read (free official lists, own lists, lists shared into their classrooms). A
 * word seen through one of those may be marked, reviewed and added to a list; other word ids are
 * premium content.
 */
export function vocabularyPolicy(db: Executor, entitlements: EntitlementsService, catalogue?: CatalogueWords) {
  const vocabulary = vocabularyRepository(db);

  const visibleUnder = (plan: Entitlements, userId: number | null) =>
    plan.premiumLists ? undefined : wordsOfReadableLists(userId);

  /** The condition on `vocas` a caller's reads must meet; undefined when every word is open. */
  async function visibleWords(userId: number | null): Promise<SQL | undefined> {
    return visibleUnder(await entitlements.of(userId), userId);
  }

  return {
    visibleWords,

    /**
     * 400 naming ids that are no word; 403 (premium) for words the caller may not read. Words every
     * learner of the plan may use are known in memory; only others (a free learner's words of their
     * own or a classroom's lists, and refusals) are asked of the database.
     */
    async assertUsableWords(userId: number, ids: number[]): Promise<void> {
      const plan = await entitlements.of(userId);
      const known = await catalogue?.wordIds(db);
      const open = known && (plan.premiumLists ? known.all : known.free);
      if (open && ids.every((id) => open.has(id))) return;
      const found = await vocabulary.usableWordIds(ids, userId, plan.premiumLists);
      const unknown = ids.filter((id) => !found.existing.has(id));
      if (unknown.length > 0) throw new ApiError(400, 'unknown_vocas', `Unknown word ids: ${unknown.join(', ')}.`);
      if (found.visible.size < found.existing.size) throw forbidden('premium_required');
    },

    /**
     * How many of a word's clips the caller may watch (null: all). 404 when there is no such word
     * or the caller may not read it — a premium word's clips are premium content too.
     */
    async videosAllowed(userId: number | null, vocaId: number): Promise<number | null> {
      const plan = await entitlements.of(userId);
      const found = await vocabulary.wordIdsFound([vocaId], visibleUnder(plan, userId));
      if (!found.visible.has(vocaId)) throw notFound();
      return plan.videosPerWord;
    },

    /** 403 (premium) unless the caller's plan includes category PDFs. */
    async assertCategoryPdf(userId: number): Promise<void> {
      if (!(await entitlements.of(userId)).categoryPdf) throw forbidden('premium_required');
    },
  };
}
export type VocabularyPolicy = ReturnType<typeof vocabularyPolicy>;
