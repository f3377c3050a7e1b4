import type { Category, CefrLevel, UiLanguage } from '@vocagarden/contract';
import type { Services } from '../../services.ts';
import { entitlements } from '../premium/entitlements.ts';
import { illustrationUri } from './content-import.ts';
import { vocabularyPolicy } from './vocabulary.policy.ts';
import { serializeListSummary } from './vocabulary.serializers.ts';
import { vocabularyRepository, type CategoryRow } from './vocabulary.repository.ts';

/** The content catalogue: levels, categories with their official lists, and words. */
export function vocabularyService({ db, now }: Pick<Services, 'db' | 'now'>) {
  const vocabulary = vocabularyRepository(db);
  const policy = vocabularyPolicy(db, entitlements(db, now));

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
    search: async (query: string, limit: number, userId: number | null) =>
      vocabulary.search(query, limit, await policy.visibleWords(userId)),
  };
}
