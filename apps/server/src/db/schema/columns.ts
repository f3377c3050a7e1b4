import { integer, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Column helpers shared by the schema files; users.ts cannot use them (this file imports it). */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const userId = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
