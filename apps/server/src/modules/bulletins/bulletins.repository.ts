import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bulletins, classroomLists, classroomMembers } from '../../db/schema.ts';
import type { BulletinRow } from '../vocabulary/vocabulary.repository.ts';

/** Personal lists ("bulletins" with an owner). */
export function personalListsRepository(db: Executor) {
  return {
    listOwned(userId: number): Promise<BulletinRow[]> {
      return db
        .select()
        .from(bulletins)
        .where(eq(bulletins.ownerId, userId))
        .orderBy(asc(bulletins.createdAt), asc(bulletins.id));
    },

    async countOwned(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(bulletins)
        .where(eq(bulletins.ownerId, userId));
      return row?.n ?? 0;
    },

    async create(userId: number, title: string, graphicUri: string): Promise<BulletinRow> {
      const [row] = await db.insert(bulletins).values({ ownerId: userId, title, graphicUri }).returning();
      return row!;
    },

    async owned(id: number, userId: number): Promise<BulletinRow | undefined> {
      const [row] = await db
        .select()
        .from(bulletins)
        .where(and(eq(bulletins.id, id), eq(bulletins.ownerId, userId)));
      return row;
    },

    /** Locks the list row for the rest of the transaction, so concurrent edits cannot lose words. */
    async ownedForUpdate(id: number, userId: number): Promise<BulletinRow | undefined> {
      const [row] = await db
        .select()
        .from(bulletins)
        .where(and(eq(bulletins.id, id), eq(bulletins.ownerId, userId)))
        .for('update');
      return row;
    },

    async update(id: number, changes: Partial<Pick<BulletinRow, 'title' | 'wordIds'>>): Promise<BulletinRow> {
      const [row] = await db.update(bulletins).set(changes).where(eq(bulletins.id, id)).returning();
      return row!;
    },

    async remove(id: number): Promise<void> {
      await db.delete(bulletins).where(eq(bulletins.id, id));
    },

    /** True when the list is shared into a classroom the user belongs to (read-only access). */
    async sharedWith(bulletinId: number, userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: classroomLists.bulletinId })
        .from(classroomLists)
        .innerJoin(
          classroomMembers,
          and(eq(classroomMembers.classroomId, classroomLists.classroomId), eq(classroomMembers.userId, userId)),
        )
        .where(eq(classroomLists.bulletinId, bulletinId))
        .limit(1);
      return row !== undefined;
    },
  };
}
