import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  bundledContentFiles,
  loadContentFiles,
  validateContent,
  type ContentSet,
  type RowProblem,
} from '@vocagarden/content';
import { and, desc, eq, getTableColumns, gt, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import { lockForTransaction } from '../../db/locks.ts';
import { bulletins, contentImports, vocaCategories, vocas, wordVideos } from '../../db/schema.ts';

/** Rows (categories, words, lists, clips) the import added, changed or found as they were; clips it removed. */
export interface ImportReport {
  problems: RowProblem[];
  inserted: number;
  updated: number;
  unchanged: number;
  removed: number;
}

export interface ImportOptions {
  /**
   * The files hold every clip of the words they define, so a word without `video` lines loses its
   * clips (the bundled set). Otherwise only the words that `video` lines name get their clips replaced.
   */
  clipsComplete?: boolean;
}

const BATCH_SIZE = 1000;

/** Raise when the import derives something new from unchanged files (2: same_translation). */
const IMPORTER_VERSION = 2;

export const illustrationUri = (name: string) => `/illustrations/${name}.svg`;

/**
 * INSERT … ON CONFLICT (key) DO UPDATE, touching a row only when a column really differs, so a
 * second import of the same file changes nothing. Returns how many rows were new or changed.
 * `derivedColumns` are computed after the upsert from the whole table and left alone here.
 */
async function upsert<T extends PgTable>(
  db: Executor,
  table: T,
  rows: T['$inferInsert'][],
  keyColumns: (keyof T['_']['columns'] & string)[],
  derivedColumns: (keyof T['_']['columns'] & string)[] = [],
) {
  const columns = getTableColumns(table);
  const fixed = new Set<string>([...keyColumns, ...derivedColumns, 'createdAt']);
  const updatable = Object.keys(columns).filter((key) => !fixed.has(key));
  let inserted = 0;
  let updated = 0;
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    const batch = rows.slice(start, start + BATCH_SIZE);
    const set: Record<string, SQL> = {};
    for (const key of updatable) set[key] = sql.raw(`excluded."${columns[key]!.name}"`);
    const changed = sql.join(
      updatable.map((key) => sql`${table}.${sql.identifier(columns[key]!.name)} IS DISTINCT FROM ${set[key]}`),
      sql` OR `,
    );
    const result = await db
      .insert(table)
      .values(batch)
      .onConflictDoUpdate({ target: keyColumns.map((key) => columns[key]!), set, setWhere: changed })
      .returning({ isNew: sql<boolean>`(xmax = 0)` });
    for (const row of result) {
      if (row.isNew) inserted += 1;
      else updated += 1;
    }
  }
  return { inserted, updated, unchanged: rows.length - inserted - updated };
}

async function knownIds(db: Executor) {
  const [wordRows, categoryRows] = await Promise.all([
    db.select({ id: vocas.id }).from(vocas),
    db.select({ id: vocaCategories.id, level: vocaCategories.level, order: vocaCategories.order }).from(vocaCategories),
  ]);
  return {
    words: new Set(wordRows.map((row) => row.id)),
    categories: new Map(categoryRows.map((row) => [row.id, { level: row.level as never, order: row.order }])),
  };
}

/**
 * Makes each affected word's clips the files' clips: positions 1…n upserted in file order (the
 * same clips again change nothing), positions past n removed. Affected are the words `video` lines
 * name and, with `clipsComplete`, every word the files define.
 */
async function writeClips(db: Executor, content: ContentSet, clipsComplete: boolean) {
  const counts = await upsert(
    db,
    wordVideos,
    [...content.videos].flatMap(([vocaId, clips]) =>
      clips.map((clip, index) => ({
        vocaId,
        position: index + 1,
        provider: clip.provider,
        videoId: clip.video_id,
        startSeconds: clip.start,
        endSeconds: clip.end,
        caption: clip.caption,
        source: clip.source,
      })),
    ),
    ['vocaId', 'position'],
  );
  const affected = new Set(content.videos.keys());
  if (clipsComplete) for (const word of content.words) affected.add(word.id);
  // The table holds a few clips per word at most: its per-word counts are a small read.
  const stored = await db
    .select({ vocaId: wordVideos.vocaId, last: sql<number>`max(${wordVideos.position})::int` })
    .from(wordVideos)
    .groupBy(wordVideos.vocaId);
  let removed = 0;
  for (const { vocaId, last } of stored) {
    const keep = content.videos.get(vocaId)?.length ?? 0;
    if (!affected.has(vocaId) || last <= keep) continue;
    const deleted = await db
      .delete(wordVideos)
      .where(and(eq(wordVideos.vocaId, vocaId), gt(wordVideos.position, keep)))
      .returning({ position: wordVideos.position });
    removed += deleted.length;
  }
  return { ...counts, removed };
}

/**
 * Sets every word's `same_translation`: per language, the other headwords (of any list or level)
 * that have its primary translation among their translations, compared without case. Over the
 * whole table, because a file may add a word that shares the translation of one already stored;
 * rows whose value is already right are not touched.
 */
async function deriveSameTranslations(db: Executor) {
  await db.execute(sql`
    WITH entries AS (
      SELECT v.id, v.word, l.language, lower(t.translation) AS translation, t.position = 1 AS is_primary
      FROM ${vocas} v
      CROSS JOIN (VALUES ('tr'), ('es'), ('az')) AS l(language)
      CROSS JOIN LATERAL jsonb_array_elements_text(v.translations -> l.language) WITH ORDINALITY AS t(translation, position)
    ),
    shared AS (
      SELECT prompt.id, prompt.language, jsonb_agg(DISTINCT other.word ORDER BY other.word) AS words
      FROM entries prompt
      JOIN entries other
        ON other.language = prompt.language AND other.translation = prompt.translation AND lower(other.word) <> lower(prompt.word)
      WHERE prompt.is_primary
      GROUP BY prompt.id, prompt.language
    ),
    derived AS (
      SELECT v.id, coalesce(jsonb_object_agg(shared.language, shared.words) FILTER (WHERE shared.id IS NOT NULL), '{}') AS value
      FROM ${vocas} v LEFT JOIN shared ON shared.id = v.id
      GROUP BY v.id
    )
    UPDATE ${vocas} SET same_translation = derived.value
    FROM derived
    WHERE ${vocas.id} = derived.id AND ${vocas.sameTranslation} IS DISTINCT FROM derived.value
  `);
}

async function writeContent(db: Executor, content: ContentSet, { clipsComplete = false }: ImportOptions) {
  const illustrationOf = new Map<number, string>(
    content.categories.map((category) => [category.id, category.illustration]),
  );
  const existingIllustrations = await db
    .select({ id: vocaCategories.id, illustration: vocaCategories.illustration })
    .from(vocaCategories);
  for (const row of existingIllustrations)
    if (!illustrationOf.has(row.id)) illustrationOf.set(row.id, row.illustration);

  const results: { inserted: number; updated: number; unchanged: number; removed?: number }[] = [
    await upsert(
      db,
      vocaCategories,
      content.categories.map((category) => ({
        id: category.id,
        level: category.level,
        order: category.order,
        illustration: category.illustration,
        title: category.title,
        description: category.description,
      })),
      ['id'],
    ),
    await upsert(
      db,
      vocas,
      content.words.map((word) => ({
        id: word.id,
        word: word.word,
        pos: word.pos,
        level: word.level,
        ipa: word.ipa ?? null,
        definition: word.definition,
        example: word.example,
        translations: { tr: word.tr, es: word.es, az: word.az },
        searchText: [word.word, ...word.tr, ...word.es, ...word.az].join(' ').toLowerCase(),
      })),
      ['id'],
      ['sameTranslation'],
    ),
    await upsert(
      db,
      bulletins,
      content.lists.map((list) => ({
        id: list.id,
        categoryId: list.category,
        ownerId: null,
        order: list.order,
        title: list.title.en,
        titleTranslations: list.title,
        graphicUri: illustrationUri(illustrationOf.get(list.category) ?? 'leaf'),
        wordIds: list.words,
        isPremium: list.isPremium,
      })),
      ['id'],
    ),
    await writeClips(db, content, clipsComplete),
  ];
  await deriveSameTranslations(db);
  return results.reduce<Omit<ImportReport, 'problems'>>(
    (total, result) => ({
      inserted: total.inserted + result.inserted,
      updated: total.updated + result.updated,
      unchanged: total.unchanged + result.unchanged,
      removed: total.removed + (result.removed ?? 0),
    }),
    { inserted: 0, updated: 0, unchanged: 0, removed: 0 },
  );
}

/**
 * Validates the files and, only if every row is good, upserts them in one transaction: a file
 * with a bad row imports nothing, and re-importing the same file changes nothing. The clips a file
 * gives a word replace the word's clips (see `ImportOptions.clipsComplete` for words it gives none).
 */
export function importContentFiles(db: Database, paths: string[], options: ImportOptions = {}): Promise<ImportReport> {
  return db.transaction((tx) => importInTransaction(tx, paths, options));
}

async function importInTransaction(tx: Executor, paths: string[], options: ImportOptions): Promise<ImportReport> {
  const { rows, problems: parseProblems } = loadContentFiles(paths);
  const { content, problems } = validateContent(rows, await knownIds(tx));
  const allProblems = [...parseProblems, ...problems].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  if (allProblems.length > 0 || !content) {
    return { problems: allProblems, inserted: 0, updated: 0, unchanged: 0, removed: 0 };
  }
  return { problems: [], ...(await writeContent(tx, content, options)) };
}

/**
 * Imports the bundled set when its files differ from the last import (a new database, or new
 * content). The set is complete: its words get exactly its clips. Instances that start together on
 * one PostgreSQL take turns under an advisory lock: the first imports, the others then find its
 * checksum and import nothing. The check and the import are one transaction, so a process killed
 * midway leaves no checksum behind and the next start imports again.
 */
export async function ensureBundledContent(db: Database, contentDir: string): Promise<ImportReport | undefined> {
  const files = bundledContentFiles(contentDir);
  // The importer's version is part of the digest, so a new derived column is filled once on start.
  const checksum = createHash('sha256').update(`importer ${IMPORTER_VERSION}\n`);
  for (const file of files) checksum.update(readFileSync(file));
  const digest = checksum.digest('hex');
  return db.transaction(async (tx) => {
    await lockForTransaction(tx, 'contentImport', 0);
    // Read after the lock: in READ COMMITTED each statement sees what the previous holder committed.
    const [last] = await tx.select().from(contentImports).orderBy(desc(contentImports.id)).limit(1);
    if (last?.checksum === digest) return undefined;
    const report = await importInTransaction(tx, files, { clipsComplete: true });
    if (report.problems.length > 0) {
      const list = report.problems.map((problem) => `${problem.file}:${problem.line} ${problem.reason}`).join('\n');
      throw new Error(`The bundled vocabulary set is invalid:\n${list}`);
    }
    const [{ words } = { words: 0 }] = await tx.select({ words: sql<number>`count(*)::int` }).from(vocas);
    await tx.insert(contentImports).values({ checksum: digest, words });
    return report;
  });
}
