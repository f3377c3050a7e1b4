import { randomInt } from 'node:crypto';
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import {
  bulletins,
  classroomLists,
  classroomMembers,
  classrooms,
  studySessions,
  vocaHardRecords,
  vocaRecords,
  users,
  wordPractice,
} from '../../db/schema.ts';

export type ClassroomRow = typeof classrooms.$inferSelect;
export type ClassroomWithCounts = ClassroomRow & { memberCount: number; listCount: number };
export interface MemberListProgressRow {
  id: number;
  name: string;
  email: string;
  proven: number;
  known: number;
  hard: number;
  last_studied: Date | string | null;
}

/** 8 digits from a CSPRNG: 10^8 PINs, and wrong guesses are rate-limited. */
export const newPin = () => String(randomInt(0, 100_000_000)).padStart(8, '0');

const withCounts = {
  memberCount: sql<number>`(SELECT count(*)::int FROM ${classroomMembers} WHERE ${classroomMembers.classroomId} = ${classrooms.id})`,
  listCount: sql<number>`(SELECT count(*)::int FROM ${classroomLists} WHERE ${classroomLists.classroomId} = ${classrooms.id})`,
};

export function classroomsRepository(db: Executor) {
  return {
    forMember(userId: number): Promise<ClassroomWithCounts[]> {
      return db
        .select({ ...getTableColumns(classrooms), ...withCounts })
        .from(classrooms)
        .innerJoin(
          classroomMembers,
          and(eq(classroomMembers.classroomId, classrooms.id), eq(classroomMembers.userId, userId)),
        )
        .orderBy(asc(classroomMembers.joinedAt));
    },

    async byPin(pin: string): Promise<ClassroomWithCounts | undefined> {
      const [row] = await db
        .select({ ...getTableColumns(classrooms), ...withCounts })
        .from(classrooms)
        .where(eq(classrooms.pin, pin));
      return row;
    },

    async byId(id: number): Promise<ClassroomWithCounts | undefined> {
      const [row] = await db
        .select({ ...getTableColumns(classrooms), ...withCounts })
        .from(classrooms)
        .where(eq(classrooms.id, id));
      return row;
    },

    async isMember(classroomId: number, userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: classroomMembers.userId })
        .from(classroomMembers)
        .where(and(eq(classroomMembers.classroomId, classroomId), eq(classroomMembers.userId, userId)));
      return row !== undefined;
    },

    /** Creates the classroom with a fresh PIN (retrying the rare collision) and its admin as first member. */
    async create(adminId: number, name: string, description: string, graphicUri: string): Promise<ClassroomRow> {
      for (let attempt = 0; ; attempt += 1) {
        const [row] = await db
          .insert(classrooms)
          .values({ adminId, name, description, graphicUri, pin: newPin() })
          .onConflictDoNothing({ target: classrooms.pin })
          .returning();
        if (row) {
          await db.insert(classroomMembers).values({ classroomId: row.id, userId: adminId });
          return row;
        }
        if (attempt >= 5) throw new Error('could not find a free classroom PIN');
      }
    },

    async update(id: number, changes: Partial<Pick<ClassroomRow, 'name' | 'description'>>): Promise<void> {
      const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      if (Object.keys(defined).length > 0) await db.update(classrooms).set(defined).where(eq(classrooms.id, id));
    },

    async remove(id: number): Promise<void> {
      await db.delete(classrooms).where(eq(classrooms.id, id));
    },

    async addMember(classroomId: number, userId: number): Promise<void> {
      await db.insert(classroomMembers).values({ classroomId, userId }).onConflictDoNothing();
    },

    async removeMember(classroomId: number, userId: number): Promise<void> {
      await db
        .delete(classroomMembers)
        .where(and(eq(classroomMembers.classroomId, classroomId), eq(classroomMembers.userId, userId)));
    },

    /** Every member with word totals, in one query (correlated counts over the records' indexes). */
    members(classroomId: number) {
      return queryRows<{
        id: number;
        name: string;
        profile_picture_uri: string | null;
        total_learned: number;
        total_difficult: number;
        total_proven: number;
      }>(
        db,
        sql`SELECT u.id,
                   trim(u.first_name || ' ' || u.last_name) AS name,
                   u.profile_picture_uri,
                   (SELECT count(*)::int FROM ${vocaRecords} r WHERE r.user_id = u.id) AS total_learned,
                   (SELECT count(*)::int FROM ${vocaHardRecords} h WHERE h.user_id = u.id) AS total_difficult,
                   (SELECT count(p.proven_at)::int FROM ${wordPractice} p WHERE p.user_id = u.id) AS total_proven
            FROM ${classroomMembers} m
            JOIN ${users} u ON u.id = m.user_id
            WHERE m.classroom_id = ${classroomId}
            ORDER BY m.joined_at, u.id`,
      );
    },

    /**
     * Progress of members (all, or only `onlyUserId`) on the words a shared list holds now: each
     * count is a correlated query over the (user, word) keys of records and practice. "Last
     * studied" is the latest practice answer on one of those words or finished session on the list.
     */
    listProgress(classroomId: number, bulletinId: number, onlyUserId: number | null) {
      return queryRows<MemberListProgressRow>(
        db,
        sql`WITH words AS (
              SELECT DISTINCT unnest(b.word_ids) AS voca_id FROM ${bulletins} b WHERE b.id = ${bulletinId}
            )
            SELECT u.id,
                   trim(u.first_name || ' ' || u.last_name) AS name,
                   u.email,
                   (SELECT count(p.proven_at)::int FROM ${wordPractice} p JOIN words w ON w.voca_id = p.voca_id
                     WHERE p.user_id = u.id) AS proven,
                   (SELECT count(*)::int FROM ${vocaRecords} r JOIN words w ON w.voca_id = r.voca_id
                     WHERE r.user_id = u.id) AS known,
                   (SELECT count(*)::int FROM ${vocaHardRecords} h JOIN words w ON w.voca_id = h.voca_id
                     WHERE h.user_id = u.id) AS hard,
                   greatest(
                     (SELECT max(p.practiced_at) FROM ${wordPractice} p JOIN words w ON w.voca_id = p.voca_id
                       WHERE p.user_id = u.id),
                     (SELECT max(s.finished_at) FROM ${studySessions} s
                       WHERE s.user_id = u.id AND s.bulletin_id = ${bulletinId})
                   ) AS last_studied
            FROM ${classroomMembers} m
            JOIN ${users} u ON u.id = m.user_id
            WHERE m.classroom_id = ${classroomId}
              AND (${onlyUserId}::int IS NULL OR m.user_id = ${onlyUserId}::int)
            ORDER BY m.joined_at, u.id`,
      );
    },

    /** The list, if the classroom shares it. */
    async sharedList(classroomId: number, bulletinId: number) {
      const [row] = await db
        .select({ list: bulletins })
        .from(classroomLists)
        .innerJoin(bulletins, eq(bulletins.id, classroomLists.bulletinId))
        .where(and(eq(classroomLists.classroomId, classroomId), eq(classroomLists.bulletinId, bulletinId)));
      return row?.list;
    },

    sharedLists(classroomId: number) {
      return db
        .select({ list: bulletins })
        .from(classroomLists)
        .innerJoin(bulletins, eq(bulletins.id, classroomLists.bulletinId))
        .where(eq(classroomLists.classroomId, classroomId))
        .orderBy(asc(classroomLists.sharedAt), asc(bulletins.id));
    },

    /** Replaces the shared set with exactly these lists. */
    async replaceShared(classroomId: number, bulletinIds: number[]): Promise<void> {
      await db.delete(classroomLists).where(eq(classroomLists.classroomId, classroomId));
      if (bulletinIds.length > 0) {
        await db.insert(classroomLists).values(bulletinIds.map((bulletinId) => ({ classroomId, bulletinId })));
      }
    },

    async ownedListIds(ownerId: number, ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: bulletins.id })
        .from(bulletins)
        .where(and(eq(bulletins.ownerId, ownerId), inArray(bulletins.id, ids)));
      return new Set(rows.map((row) => row.id));
    },

    administeredBy(userId: number): Promise<ClassroomRow[]> {
      return db.select().from(classrooms).where(eq(classrooms.adminId, userId));
    },

    /** The member who joined first, other than `exceptUserId`: the heir of a leaving admin. */
    async longestStandingMember(classroomId: number, exceptUserId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ userId: classroomMembers.userId })
        .from(classroomMembers)
        .where(and(eq(classroomMembers.classroomId, classroomId), sql`${classroomMembers.userId} <> ${exceptUserId}`))
        .orderBy(asc(classroomMembers.joinedAt), asc(classroomMembers.userId))
        .limit(1);
      return row?.userId;
    },

    async setAdmin(classroomId: number, userId: number): Promise<void> {
      await db.update(classrooms).set({ adminId: userId }).where(eq(classrooms.id, classroomId));
    },
  };
}
