import type { ImportedWord } from '@vocagarden/contract';
import { forbidden, notFound } from '../../lib/errors.ts';
import { lockForTransaction } from '../../db/locks.ts';
import type { Services } from '../../services.ts';
import type { Authenticated } from '../auth/tokens.repository.ts';
import { entitlements as entitlementsService } from '../premium/entitlements.ts';
import { illustrationUri } from '../vocabulary/content-import.ts';
import { vocabularyPolicy } from '../vocabulary/vocabulary.policy.ts';
import { readerLanguage, serializeListSummary } from '../vocabulary/vocabulary.serializers.ts';
import { vocabularyRepository, type BulletinRow, type HeadwordSense } from '../vocabulary/vocabulary.repository.ts';
import { exportFilename, listAnki, listCsv, type ExportFormat } from './list-export.ts';
import {
  chooseSense,
  importedHeadwords,
  MAX_HEADWORD_LENGTH,
  uniqueHeadwords,
  type ImportFormat,
} from './list-import.ts';
import { listsPolicy } from './lists.policy.ts';
import { listsRepository } from './lists.repository.ts';

export interface ImportReport {
  list: BulletinRow;
  added: ImportedWord[];
  alreadyInList: ImportedWord[];
  refused: ImportedWord[];
  notFound: string[];
}

const listPictures = ['seedling', 'sprout', 'tulip', 'sunflower', 'watering-can', 'butterfly', 'bee', 'ladybug'];

/** Personal lists: created within the plan's limit, changed only by their owner. */
export function listsService({ db, now, catalogue }: Pick<Services, 'db' | 'now' | 'catalogue'>) {
  const lists = listsRepository(db);
  const vocabulary = vocabularyRepository(db);
  const entitlements = entitlementsService(db, now);
  const policy = listsPolicy(db, entitlements);
  const words = vocabularyPolicy(db, entitlements, catalogue);

  /** Runs a change on an own list with its row locked, so concurrent edits cannot lose words. */
  function changeOwned(listId: number, userId: number, change: (list: BulletinRow) => number[]) {
    return db.transaction(async (tx) => {
      const repository = listsRepository(tx);
      const list = await repository.ownedForUpdate(listId, userId);
      if (!list) throw notFound();
      return repository.update(list.id, { wordIds: change(list) });
    });
  }

  return {
    readable: policy.readable,

    mine: (userId: number) => lists.listOwned(userId),

    /** The plan's limit is counted under a per-learner lock: parallel creates cannot overshoot it. */
    async create(userId: number, title: string): Promise<BulletinRow> {
      const { personalListLimit } = await entitlements.of(userId);
      return db.transaction(async (tx) => {
        await lockForTransaction(tx, 'personalLists', userId);
        const repository = listsRepository(tx);
        const owned = await repository.countOwned(userId);
        if (owned >= personalListLimit) throw forbidden('premium_required');
        return repository.create(userId, title, illustrationUri(listPictures[owned % listPictures.length]!));
      });
    },

    async rename(listId: number, userId: number, title: string): Promise<BulletinRow> {
      const renamed = await lists.renameOwned(listId, userId, title);
      if (!renamed) throw notFound();
      return renamed;
    },

    async remove(listId: number, userId: number): Promise<void> {
      if (!(await lists.removeOwned(listId, userId))) throw notFound();
    },

    /** In the order added, each word once. */
    async addWords(listId: number, userId: number, vocaIds: number[]): Promise<BulletinRow> {
      // Copying a premium list's words is reading them: the same rule as opening the list.
      await words.assertUsableWords(userId, vocaIds);
      return changeOwned(listId, userId, (list) => [...new Set([...list.wordIds, ...vocaIds])]);
    },

    /**
     * Adds words to an own list by English headword (decision 023): each headword once, matched
     * case-insensitively to the catalogue, a homograph to one entry (chooseSense). Words the plan
     * does not include are refused, as addWords refuses them; words already there stay where they
     * are. The list is locked while it changes, like every other change to it.
     */
    async importWords(listId: number, userId: number, text: string, format: ImportFormat): Promise<ImportReport> {
      const headwords = uniqueHeadwords(importedHeadwords(text, format));
      const visible = await words.visibleWords(userId);
      return db.transaction(async (tx) => {
        const repository = listsRepository(tx);
        const list = await repository.ownedForUpdate(listId, userId);
        if (!list) throw notFound();
        const keys = headwords.map(({ key }) => key).filter((key) => key.length <= MAX_HEADWORD_LENGTH);
        const senses = new Map<string, HeadwordSense[]>();
        for (const sense of await vocabularyRepository(tx).byHeadwords(keys, visible)) {
          senses.set(sense.key, [...(senses.get(sense.key) ?? []), sense]);
        }
        const inList = new Set(list.wordIds);
        const report: Omit<ImportReport, 'list'> = { added: [], alreadyInList: [], refused: [], notFound: [] };
        for (const { key, headword } of headwords) {
          const sense = chooseSense(senses.get(key) ?? []);
          if (!sense) {
            report.notFound.push(headword.slice(0, MAX_HEADWORD_LENGTH));
            continue;
          }
          const word = {
            id: sense.id,
            the_word: sense.word,
            pos: sense.pos,
            level: sense.level as ImportedWord['level'],
          };
          if (inList.has(sense.id)) report.alreadyInList.push(word);
          else if (!sense.visible) report.refused.push(word);
          else {
            report.added.push(word);
            inList.add(sense.id);
          }
        }
        const changed =
          report.added.length === 0
            ? list
            : await repository.update(list.id, { wordIds: [...list.wordIds, ...report.added.map(({ id }) => id)] });
        return { list: changed, ...report };
      });
    },

    /**
     * A readable list as a file (the same rule as opening it: a locked premium list is 403, someone
     * else's private list 404), translated into the reader's language and named after its title.
     */
    async exportList(listId: number, caller: Authenticated, format: ExportFormat) {
      const list = await policy.readable(listId, caller);
      const language = readerLanguage(caller);
      const rows = await vocabulary.vocasByIds(list.wordIds);
      return {
        filename: exportFilename(serializeListSummary(list, language).title, format),
        text: format === 'csv' ? listCsv(rows, language) : listAnki(rows, language),
      };
    },

    removeWord: (listId: number, userId: number, vocaId: number) =>
      changeOwned(listId, userId, (list) => list.wordIds.filter((id) => id !== vocaId)),

    /** A readable list with its words, and whether the caller owns it. */
    async detail(listId: number, caller: Authenticated | null) {
      const list = await policy.readable(listId, caller);
      const [category, words] = await Promise.all([
        list.categoryId === null ? undefined : vocabulary.category(list.categoryId),
        vocabulary.vocasByIds(list.wordIds),
      ]);
      return { list, category, words, isOwner: list.ownerId !== null && list.ownerId === caller?.user.id };
    },
  };
}
export type ListsService = ReturnType<typeof listsService>;
