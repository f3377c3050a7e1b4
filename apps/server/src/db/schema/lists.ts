import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';
import { type Localized, vocaCategories } from './vocabulary.ts';

/**
 * Lists ("bulletins"): official lists have a category and no owner; personal lists have an owner.
 * Official ids come from the content set; the identity sequence starts above them.
 */
export const bulletins = pgTable(
  'bulletins',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 100_000 }),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').references(() => vocaCategories.id, { onDelete: 'cascade' }),
    order: integer('order').notNull().default(0),
    title: text('title').notNull(),
    titleTranslations: jsonb('title_translations').$type<Localized>(),
    graphicUri: text('graphic_uri').notNull(),
    wordIds: integer('word_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    isPremium: boolean('is_premium').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('bulletins_owner_id_idx').on(t.ownerId),
    index('bulletins_category_id_idx').on(t.categoryId, t.order),
    check('bulletins_official_or_owned', sql`(${t.ownerId} IS NULL) <> (${t.categoryId} IS NULL)`),
  ],
);
