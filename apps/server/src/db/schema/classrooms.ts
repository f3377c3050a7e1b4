import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, userId } from './columns.ts';
import { bulletins } from './lists.ts';
import { users } from './users.ts';

/** A classroom: its creator is the admin; members join with the PIN. */
export const classrooms = pgTable(
  'classrooms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    adminId: integer('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pin: text('pin').notNull().unique(),
    graphicUri: text('graphic_uri').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('classrooms_admin_id_idx').on(t.adminId)],
);

export const classroomMembers = pgTable(
  'classroom_members',
  {
    classroomId: integer('classroom_id')
      .notNull()
      .references(() => classrooms.id, { onDelete: 'cascade' }),
    userId: userId(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.classroomId, t.userId] }), index('classroom_members_user_id_idx').on(t.userId)],
);

/** The admin's own lists shared into a classroom; deleting a list removes it everywhere. */
export const classroomLists = pgTable(
  'classroom_lists',
  {
    classroomId: integer('classroom_id')
      .notNull()
      .references(() => classrooms.id, { onDelete: 'cascade' }),
    bulletinId: integer('bulletin_id')
      .notNull()
      .references(() => bulletins.id, { onDelete: 'cascade' }),
    sharedAt: timestamp('shared_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.classroomId, t.bulletinId] }),
    index('classroom_lists_bulletin_id_idx').on(t.bulletinId),
  ],
);
