import { ApiError, notFound } from '../../lib/errors.ts';
import type { Executor } from '../../db/client.ts';
import { lockForTransaction } from '../../db/locks.ts';
import { limits } from '../../lib/rate-limit.ts';
import type { Services } from '../../services.ts';
import { illustrationUri } from '../vocabulary/content-import.ts';
import { classroomsPolicy } from './classrooms.policy.ts';
import { classroomsRepository, type ClassroomWithCounts } from './classrooms.repository.ts';

const classroomPictures = ['apple-tree', 'greenhouse', 'oak', 'beehive', 'pond', 'flower', 'tree', 'basket'];

/** Classrooms: members read, the admin changes; joining by PIN is rate-limited per learner and per IP. */
export function classroomsService({ db, limiter }: Pick<Services, 'db' | 'limiter'>) {
  const classrooms = classroomsRepository(db);
  const policy = classroomsPolicy(db);

  const reload = async (id: number) => (await classrooms.byId(id))!;

  /**
   * A classroom by PIN for someone who may not be in it yet: a wrong PIN counts against the
   * learner and the IP, and once either is over its limit every attempt waits out the window.
   */
  async function byPinGuess(pin: string, userId: number, ip: string): Promise<ClassroomWithCounts> {
    await limiter.check(limits.classroomJoinFailuresPerUser, String(userId));
    await limiter.check(limits.classroomJoinFailuresPerIp, ip);
    const classroom = await classrooms.byPin(pin);
    if (!classroom) {
      await limiter.recordFailure(limits.classroomJoinFailuresPerUser, String(userId));
      await limiter.recordFailure(limits.classroomJoinFailuresPerIp, ip);
      throw notFound();
    }
    return classroom;
  }

  return {
    mine: (userId: number) => classrooms.forMember(userId),

    async create(userId: number, name: string, description: string): Promise<ClassroomWithCounts> {
      const picture = illustrationUri(classroomPictures[Math.floor(Math.random() * classroomPictures.length)]!);
      const created = await db.transaction((tx) => classroomsRepository(tx).create(userId, name, description, picture));
      return reload(created.id);
    },

    async update(id: number, userId: number, changes: { name?: string; description?: string }) {
      const classroom = await policy.asAdmin(await classrooms.byId(id), userId);
      await classrooms.update(classroom.id, changes);
      return reload(classroom.id);
    },

    async remove(id: number, userId: number): Promise<void> {
      const classroom = await policy.asAdmin(await classrooms.byId(id), userId);
      await classrooms.remove(classroom.id);
    },

    async join(pin: string, userId: number, ip: string): Promise<ClassroomWithCounts> {
      const classroom = await byPinGuess(pin, userId, ip);
      await classrooms.addMember(classroom.id, userId);
      return reload(classroom.id);
    },

    /** The invite link's preview shares the join's budget of wrong PINs: it is no cheaper way to guess. */
    invite: (pin: string, userId: number, ip: string) => byPinGuess(pin, userId, ip),

    async leave(id: number, userId: number): Promise<void> {
      const classroom = await policy.asMember(await classrooms.byId(id), userId);
      if (classroom.adminId === userId) throw new ApiError(400, 'admin_cannot_leave');
      await classrooms.removeMember(classroom.id, userId);
    },

    memberClassroomByPin: async (pin: string, userId: number) => policy.asMember(await classrooms.byPin(pin), userId),

    members: (classroomId: number) => classrooms.members(classroomId),

    /** The admin sees every member's row; any other member only their own. */
    async listProgress(pin: string, bulletinId: number, userId: number) {
      const classroom = await policy.asMember(await classrooms.byPin(pin), userId);
      const list = await classrooms.sharedList(classroom.id, bulletinId);
      if (!list) throw notFound();
      const onlyUserId = classroom.adminId === userId ? null : userId;
      return { list, members: await classrooms.listProgress(classroom.id, list.id, onlyUserId) };
    },

    sharedLists: async (classroomId: number) => (await classrooms.sharedLists(classroomId)).map(({ list }) => list),

    /** Shares exactly these of the admin's own lists; concurrent calls apply one after another. */
    async manageShared(pin: string, userId: number, listIds: number[]): Promise<number> {
      const classroom = await policy.asAdmin(await classrooms.byPin(pin), userId);
      const wanted = [...new Set(listIds)];
      const owned = await classrooms.ownedListIds(userId, wanted);
      const foreign = wanted.filter((id) => !owned.has(id));
      if (foreign.length > 0) {
        throw new ApiError(400, 'not_your_lists', `You can only share your own lists: ${foreign.join(', ')}.`);
      }
      await db.transaction(async (tx) => {
        await lockForTransaction(tx, 'classroomShares', classroom.id);
        await classroomsRepository(tx).replaceShared(classroom.id, wanted);
      });
      return classroom.id;
    },
  };
}

/**
 * When an account goes, the classrooms it runs pass to their longest-standing member, or close
 * when nobody is left. Runs inside the deletion's transaction.
 */
export async function handOverClassroomsOf(tx: Executor, userId: number): Promise<void> {
  const classrooms = classroomsRepository(tx);
  for (const classroom of await classrooms.administeredBy(userId)) {
    const heir = await classrooms.longestStandingMember(classroom.id, userId);
    if (heir === undefined) await classrooms.remove(classroom.id);
    else await classrooms.setAdmin(classroom.id, heir);
  }
}
