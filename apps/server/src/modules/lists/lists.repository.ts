import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bulletins, classroomLists, classroomMembers } from '../../db/schema.ts';
import type { BulletinRow } from '../vocabulary/vocabulary.repository.ts';

/** Lists ("bulletins"): official ones from the content set, and personal ones with an owner. */
export function listsRepository(db: Executor) {
  return {
    async byId(id: number): Promise<BulletinRow | undefined> {
      const [row] = await db.select().from(bulletins).where(eq(bulletins.id, id));
      return row;
    },

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

    /** Undefined when the user owns no list with that id. */
    async renameOwned(id: number, userId: number, title: string): Promise<BulletinRow | undefined> {
      const [row] = await db
        .update(bulletins)
        .set({ title })
        .where(and(eq(bulletins.id, id), eq(bulletins.ownerId, userId)))
        .returning();
      return row;
    },

    /** False when the user owns no list with that id. Classroom shares go with it (ON DELETE CASCADE). */
    async removeOwned(id: number, userId: number): Promise<boolean> {
      const rows = await db
        .delete(bulletins)
        .where(and(eq(bulletins.id, id), eq(bulletins.ownerId, userId)))
        .returning({ id: bulletins.id });
      return rows.length > 0;
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
