import { and, asc, eq, getTableColumns, inArray, notInArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { bulletins, classroomLists, classroomMembers, vocaCategories, vocas, wordVideos } from '../../db/schema.ts';

export type CategoryRow = typeof vocaCategories.$inferSelect;
export type BulletinRow = typeof bulletins.$inferSelect;
export type VocaRow = typeof vocas.$inferSelect;
export type WordVideoRow = typeof wordVideos.$inferSelect;
/** One entry of a headword, and whether the caller may use it. */
export type HeadwordSense = Pick<VocaRow, 'id' | 'word' | 'pos' | 'level'> & { key: string; visible: boolean };

/** Typo tolerance needs a few letters to mean anything. */
const MIN_FUZZY_LENGTH = 4;

/** LIKE patterns treat % and _ as wildcards; a learner's query must not. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The official lists everyone may read (`b` is bulletins). */
const FREE_OFFICIAL_LISTS = sql`(b.owner_id IS NULL AND NOT b.is_premium)`;

/**
 * Words in the lists a learner may read without premium: free official lists, their own lists,
 * and lists shared into their classrooms (anonymous visitors: free official lists only).
 */
export function wordsOfReadableLists(userId: number | Placeholder | null): SQL {
  const own =
    userId === null
      ? sql``
      : sql` OR b.owner_id = ${userId}
             OR b.id IN (SELECT cl.bulletin_id FROM ${classroomLists} cl
                         JOIN ${classroomMembers} m ON m.classroom_id = cl.classroom_id
                         WHERE m.user_id = ${userId})`;
  return sql`${vocas.id} IN (SELECT unnest(b.word_ids) FROM ${bulletins} b WHERE ${FREE_OFFICIAL_LISTS}${own})`;
}

/** Which of some ids are words, and which of those a learner may read (every one when `open`). */
const usableWordsQuery = (db: Executor, open: boolean) =>
  preparedOnce(db, open ? 'vocas_found' : 'vocas_found_readable', (name) =>
    db
      .select({
        id: vocas.id,
        visible: open ? sql<boolean>`true` : sql<boolean>`${wordsOfReadableLists(sql.placeholder('userId'))}`,
      })
      .from(vocas)
      .where(sql`${vocas.id} = ANY(${sql.placeholder('ids')})`)
      .prepare(name),
  );

export function vocabularyRepository(db: Executor) {
  const found = (rows: { id: number; visible: boolean }[]) => ({
    existing: new Set(rows.map((row) => row.id)),
    visible: new Set(rows.filter((row) => row.visible).map((row) => row.id)),
  });

  return {
    levelSummaries() {
      return queryRows<{ level: string; categories: number; lists: number; words: number }>(
        db,
        sql`
        SELECT c.level,
               count(DISTINCT c.id)::int AS categories,
               count(DISTINCT b.id)::int AS lists,
               (SELECT count(*)::int FROM ${vocas} v WHERE v.level = c.level) AS words
        FROM ${vocaCategories} c
        LEFT JOIN ${bulletins} b ON b.category_id = c.id
        GROUP BY c.level
        ORDER BY c.level`,
      );
    },

    categories(level?: string): Promise<CategoryRow[]> {
      return db
        .select()
        .from(vocaCategories)
        .where(level ? eq(vocaCategories.level, level) : undefined)
        .orderBy(asc(vocaCategories.level), asc(vocaCategories.order));
    },

    async category(id: number): Promise<CategoryRow | undefined> {
      const [row] = await db.select().from(vocaCategories).where(eq(vocaCategories.id, id));
      return row;
    },

    officialLists(categoryIds: number[]): Promise<BulletinRow[]> {
      if (categoryIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(bulletins)
        .where(inArray(bulletins.categoryId, categoryIds))
        .orderBy(asc(bulletins.categoryId), asc(bulletins.order));
    },

    /** Words by id, in the order asked for; `visible` leaves out the words it does not match. */
    async vocasByIds(ids: number[], visible?: SQL): Promise<VocaRow[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select()
        .from(vocas)
        .where(and(inArray(vocas.id, ids), visible));
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /** Up to `limit` words of one level, in random order; `visible` leaves out the words it does not match. */
    randomOfLevel(level: string, limit: number, visible?: SQL): Promise<VocaRow[]> {
      return db
        .select()
        .from(vocas)
        .where(and(eq(vocas.level, level), visible))
        .orderBy(sql`random()`)
        .limit(limit);
    },

    /** Which of the ids name a word, and which of those `visible` matches. */
    async wordIdsFound(ids: number[], visible?: SQL): Promise<{ existing: Set<number>; visible: Set<number> }> {
      if (ids.length === 0) return { existing: new Set(), visible: new Set() };
      const rows = await db
        .select({ id: vocas.id, visible: visible ? sql<boolean>`${visible}` : sql<boolean>`true` })
        .from(vocas)
        .where(inArray(vocas.id, ids));
      return found(rows);
    },

    /** Every word's id, and those of the free official lists. */
    async catalogueWordIds(): Promise<{ all: Set<number>; free: Set<number> }> {
      const [all, free] = await Promise.all([
        db.select({ id: vocas.id }).from(vocas),
        queryRows<{ id: number }>(
          db,
          sql`SELECT DISTINCT unnest(b.word_ids) AS id FROM ${bulletins} b WHERE ${FREE_OFFICIAL_LISTS}`,
        ),
      ]);
      return { all: new Set(all.map((row) => row.id)), free: new Set(free.map((row) => row.id)) };
    },

    /**
     * wordIdsFound for a signed-in learner (`everyWordOpen` under premium), as a prepared statement:
     * every mark, list addition and typed answer asks it.
     */
    async usableWordIds(ids: number[], userId: number, everyWordOpen: boolean) {
      return found(await usableWordsQuery(db, everyWordOpen).execute({ ids, userId }));
    },

    /**
     * The entries of these lower-case headwords (homographs: several per headword), each with its
     * `key` (the lower-case headword) and whether `visible` matches it.
     */
    async byHeadwords(keys: string[], visible?: SQL): Promise<HeadwordSense[]> {
      if (keys.length === 0) return [];
      const key = sql<string>`lower(${vocas.word})`;
      return db
        .select({
          id: vocas.id,
          key,
          word: vocas.word,
          pos: vocas.pos,
          level: vocas.level,
          visible: visible ? sql<boolean>`${visible}` : sql<boolean>`true`,
        })
        .from(vocas)
        .where(inArray(key, keys));
    },

    /** A word's first `limit` clips (null: all) in their order, and how many it has. */
    async videosOf(vocaId: number, limit: number | null): Promise<{ clips: WordVideoRow[]; total: number }> {
      // The window count is taken before LIMIT cuts the rows; no row means no clip.
      const query = db
        .select({ ...getTableColumns(wordVideos), total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(wordVideos)
        .where(eq(wordVideos.vocaId, vocaId))
        .orderBy(asc(wordVideos.position))
        .$dynamic();
      const rows = await (limit === null ? query : query.limit(limit));
      return { clips: rows.map(({ total: _total, ...clip }) => clip), total: rows[0]?.total ?? 0 };
    },

    /**
     * Headwords and translations, best matches first, in up to three cheap steps that each stop
     * once the page is full: headword prefixes (btree on lower(word)), then substrings of headwords
     * and translations (trigram GIN on search_text), then headwords within a typo or two (trigram
     * similarity, GIN on lower(word)). Most searches end after the first step.
     */
    async search(query: string, limit: number, visible?: SQL): Promise<VocaRow[]> {
      const term = query.trim().toLowerCase();
      const found: VocaRow[] = [];
      const exclude = () =>
        found.length
          ? notInArray(
              vocas.id,
              found.map((row) => row.id),
            )
          : undefined;

      found.push(
        ...(await db
          .select()
          .from(vocas)
          .where(and(sql`lower(${vocas.word}) LIKE ${`${escapeLike(term)}%`}`, visible))
          .orderBy(sql`length(${vocas.word})`, asc(vocas.word))
          .limit(limit)),
      );
      if (found.length < limit) {
        found.push(
          ...(await db
            .select()
            .from(vocas)
            .where(and(sql`${vocas.searchText} LIKE ${`%${escapeLike(term)}%`}`, exclude(), visible))
            .orderBy(sql`length(${vocas.word})`, asc(vocas.word))
            .limit(limit - found.length)),
        );
      }
      if (found.length < limit && [...term].length >= MIN_FUZZY_LENGTH) {
        found.push(
          ...(await db
            .select()
            .from(vocas)
            .where(and(sql`lower(${vocas.word}) % ${term}`, exclude(), visible))
            .orderBy(sql`similarity(lower(${vocas.word}), ${term}) DESC`, asc(vocas.word))
            .limit(limit - found.length)),
        );
      }
      return found;
    },
  };
}
