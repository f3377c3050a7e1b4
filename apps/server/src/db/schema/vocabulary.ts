import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export type Localized = { en: string; es: string; tr: string; az: string };
export type Translations = { tr: string[]; es: string[]; az: string[] };
/** Headwords per language, e.g. the other words a translation also stands for. */
export type HeadwordsByLanguage = Partial<Record<keyof Translations, string[]>>;

/** A theme within one CEFR level (content: packages/content). */
export const vocaCategories = pgTable(
  'voca_categories',
  {
    id: integer('id').primaryKey(),
    level: text('level').notNull(),
    order: integer('order').notNull(),
    illustration: text('illustration').notNull(),
    title: jsonb('title').$type<Localized>().notNull(),
    description: jsonb('description').$type<Localized>().notNull(),
  },
  (t) => [index('voca_categories_level_order_idx').on(t.level, t.order)],
);

/** A word ("voca"): stable id, headword, grading, texts and translations with accepted alternatives. */
export const vocas = pgTable(
  'vocas',
  {
    id: integer('id').primaryKey(),
    word: text('word').notNull(),
    pos: text('pos').notNull(),
    level: text('level').notNull(),
    ipa: text('ipa'),
    definition: text('definition').notNull(),
    example: text('example').notNull(),
    translations: jsonb('translations').$type<Translations>().notNull(),
    /**
     * Per language, the other headwords whose translations include this word's primary one (the
     * prompt in the English direction), so typing any of them is right. Derived by the content import.
     */
    sameTranslation: jsonb('same_translation').$type<HeadwordsByLanguage>().notNull().default({}),
    /** Lower-cased headword and translations, for trigram search. */
    searchText: text('search_text').notNull(),
  },
  (t) => [
    uniqueIndex('vocas_word_pos_key').on(sql`lower(${t.word})`, t.pos),
    index('vocas_word_prefix_idx').on(sql`lower(${t.word}) text_pattern_ops`),
    index('vocas_word_trgm_idx').using('gin', sql`lower(${t.word}) gin_trgm_ops`),
    index('vocas_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('vocas_level_idx').on(t.level),
  ],
);

/**
 * A word's video clips (content: `video` lines), shown in `position` order (1, 2, …): an embed of
 * `video_id` on `provider`'s player from `start_seconds` to `end_seconds`. The content importer
 * replaces a word's clips; the API gives each caller as many as their plan allows.
 */
export const wordVideos = pgTable(
  'word_videos',
  {
    vocaId: integer('voca_id')
      .notNull()
      .references(() => vocas.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    provider: text('provider', { enum: ['youtube', 'vimeo'] }).notNull(),
    videoId: text('video_id').notNull(),
    startSeconds: integer('start_seconds').notNull(),
    endSeconds: integer('end_seconds').notNull(),
    caption: text('caption').notNull(),
    source: text('source').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.vocaId, t.position] }),
    check('word_videos_provider_known', sql`${t.provider} IN ('youtube', 'vimeo')`),
    check(
      'word_videos_span',
      sql`${t.startSeconds} >= 0 AND ${t.endSeconds} > ${t.startSeconds} AND ${t.endSeconds} - ${t.startSeconds} <= 60`,
    ),
  ],
);

/** Which content files were imported, so a start imports the bundled set only when it changed. */
export const contentImports = pgTable('content_imports', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  checksum: text('checksum').notNull(),
  words: integer('words').notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
});
