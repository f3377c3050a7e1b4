import { forbidden, notFound } from '../../lib/errors.ts';
import type { Executor } from '../../db/client.ts';
import { classroomsRepository, type ClassroomWithCounts } from './classrooms.repository.ts';

/**
 * Who may do what to a classroom: to anyone who is not a member it does not exist (404, so a PIN
 * or id reveals nothing); admin actions need its admin (403 for other members).
 */
export function classroomsPolicy(db: Executor) {
  const classrooms = classroomsRepository(db);

  async function asMember(classroom: ClassroomWithCounts | undefined, userId: number): Promise<ClassroomWithCounts> {
    if (!classroom || !(await classrooms.isMember(classroom.id, userId))) throw notFound();
    return classroom;
  }

  return {
    asMember,
    async asAdmin(classroom: ClassroomWithCounts | undefined, userId: number): Promise<ClassroomWithCounts> {
      const member = await asMember(classroom, userId);
      if (member.adminId !== userId) throw forbidden();
      return member;
    },
  };
}
