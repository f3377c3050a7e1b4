import { AnnouncedCache } from '../../db/announced-cache.ts';
import type { Executor } from '../../db/client.ts';
import { vocabularyRepository } from './vocabulary.repository.ts';

/** The channel the database announces changes to words and official lists on (migration 0020). */
export const CATALOGUE_CHANGES_CHANNEL = 'vocagarden_catalogue';

export interface CatalogueWordIds {
  all: Set<number>;
  /** The words of the free official lists. */
  free: Set<number>;
}

const KEY = 'word-ids';

/**
 * Every word's id and those of the free official lists, in memory per instance (decision 031):
 * every mark, list addition and typed answer asks whether its words may be used, and the answer
 * for most of them is here. They change only when content is imported or an operator edits it, and
 * the database announces every such change (the payload is always '*', which drops the entry).
 */
export class CatalogueWords extends AnnouncedCache<CatalogueWordIds> {
  private reading: Promise<CatalogueWordIds | undefined> | undefined;

  constructor() {
    super({ channel: CATALOGUE_CHANGES_CHANNEL, usersOf: () => [], lifetimeMs: 60 * 60_000, maxWeight: 1 });
  }

  /** The word ids, read once for all concurrent callers; undefined while changes cannot be heard. */
  async wordIds(db: Executor): Promise<CatalogueWordIds | undefined> {
    if (!this.isListening) return undefined;
    const cached = this.get(KEY);
    if (cached) return cached;
    this.reading ??= this.read(db).finally(() => (this.reading = undefined));
    return this.reading;
  }

  private async read(db: Executor): Promise<CatalogueWordIds | undefined> {
    const ticket = this.ticket();
    const ids = await vocabularyRepository(db).catalogueWordIds();
    this.store(KEY, ids, ticket);
    // Read while a change was announced: good for no one, the next caller reads again.
    return this.get(KEY);
  }
}
