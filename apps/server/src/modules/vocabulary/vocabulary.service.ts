import type { Category, CefrLevel, UiLanguage } from '@vocagarden/contract';
import { sha256 } from '../../lib/crypto.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { renderPdf } from '../../lib/pdf/pdf-renderer.ts';
import type { Services } from '../../services.ts';
import { entitlements } from '../premium/entitlements.ts';
import { categoryPdfDocument, categoryPdfFilename } from './category-pdf.ts';
import { illustrationUri } from './content-import.ts';
import { vocabularyPolicy } from './vocabulary.policy.ts';
import { serializeListSummary } from './vocabulary.serializers.ts';
import { vocabularyRepository, type CategoryRow } from './vocabulary.repository.ts';

/** The content catalogue: levels, categories with their official lists, and words. */
export function vocabularyService({ db, now, accounts }: Pick<Services, 'db' | 'now' | 'accounts'>) {
  const vocabulary = vocabularyRepository(db);
  const policy = vocabularyPolicy(db, entitlements(db, now, accounts));

  async function withLists(rows: CategoryRow[], language: UiLanguage): Promise<Category[]> {
    const lists = await vocabulary.officialLists(rows.map((row) => row.id));
    return rows.map((row) => ({
      id: row.id,
      level: row.level as CefrLevel,
      order: row.order,
      title: row.title[language],
      description: row.description[language],
      graphic_uri: illustrationUri(row.illustration),
      lists: lists.filter((list) => list.categoryId === row.id).map((list) => serializeListSummary(list, language)),
    }));
  }

  return {
    levelSummaries: () => vocabulary.levelSummaries(),
    categories: async (level: CefrLevel | undefined, language: UiLanguage) =>
      withLists(await vocabulary.categories(level), language),
    async category(id: number, language: UiLanguage): Promise<Category | undefined> {
      const row = await vocabulary.category(id);
      return row ? (await withLists([row], language))[0] : undefined;
    },
    /** The words among `ids` the caller may read; the others are left out. */
    readableVocas: async (ids: number[], userId: number | null) =>
      vocabulary.vocasByIds(ids, await policy.visibleWords(userId)),
    /** Random words of one level among those the caller may read. */
    levelSample: async (level: CefrLevel, limit: number, userId: number) =>
      vocabulary.randomOfLevel(level, limit, await policy.visibleWords(userId)),
    search: async (query: string, limit: number, userId: number | null) =>
      vocabulary.search(query, limit, await policy.visibleWords(userId)),
    /** A word's clips cut to the caller's plan, with how many there are; 404 for words they may not read. */
    videos: async (vocaId: number, userId: number | null) =>
      vocabulary.videosOf(vocaId, await policy.videosAllowed(userId, vocaId)),

    /**
     * A category's official lists as a PDF word list in the reader's language: 404 for an unknown
     * category, 403 `premium_required` without the entitlement, 404 `no_document` when the
     * category holds no words.
     */
    async categoryPdf(id: number, userId: number, language: UiLanguage): Promise<{ filename: string; pdf: Buffer }> {
      const category = await vocabulary.category(id);
      if (!category) throw notFound();
      await policy.assertCategoryPdf(userId);
      const lists = await vocabulary.officialLists([id]);
      const words = await vocabulary.vocasByIds([...new Set(lists.flatMap((list) => list.wordIds))]);
      if (words.length === 0) throw new ApiError(404, 'no_document');
      // Everything the document shows, so an edited word or list never answers from the cache.
      const content = sha256(
        JSON.stringify([
          category,
          lists.map((list) => [list.id, list.title, list.titleTranslations, list.wordIds]),
          words,
        ]),
      );
      const pdf = await renderPdf(categoryPdfDocument(category, lists, words, language), {
        cacheKey: `category:${id}:${language}:${content}`,
      });
      return { filename: categoryPdfFilename(category), pdf };
    },
  };
}
