import { classroomsEndpoints, isAllowedProfilePicture, type Classroom, type ClassroomList } from '@vocagarden/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/http/route.ts';
import type { Services } from '../../services.ts';
import type { Authenticated } from '../auth/tokens.repository.ts';
import { readerLanguage, serializeListSummary } from '../vocabulary/vocabulary.serializers.ts';
import type { ClassroomWithCounts } from './classrooms.repository.ts';
import { classroomsService } from './classrooms.service.ts';

const serialize = (row: ClassroomWithCounts): Classroom => ({
  id: row.id,
  name: row.name,
  description: row.description,
  admin: row.adminId,
  classroom_pin: row.pin,
  graphic_uri: row.graphicUri,
  title: row.name,
  member_count: row.memberCount,
  list_count: row.listCount,
});

/** Classrooms, as the spec's calls; who may do what is decided in classrooms.policy.ts. */
export const classroomsRoutes: FastifyPluginAsync<Services> = async (app, services) => {
  const classrooms = classroomsService(services);

  async function sharedLists(classroomId: number, caller: Authenticated): Promise<ClassroomList[]> {
    const language = readerLanguage(caller);
    return (await classrooms.sharedLists(classroomId)).map((list) => ({
      ...serializeListSummary(list, language),
      bulletin_id: list.id,
    }));
  }

  route(app, classroomsEndpoints.mine, async ({ caller }) => (await classrooms.mine(caller.user.id)).map(serialize));

  route(app, classroomsEndpoints.create, async ({ caller, body }) =>
    serialize(await classrooms.create(caller.user.id, body.name, body.description)),
  );

  for (const endpoint of [classroomsEndpoints.update, classroomsEndpoints.replace]) {
    route(app, endpoint, async ({ caller, params, body }) =>
      serialize(await classrooms.update(params.id, caller.user.id, body)),
    );
  }

  route(app, classroomsEndpoints.remove, async ({ caller, params }) => {
    await classrooms.remove(params.id, caller.user.id);
    return null;
  });

  route(app, classroomsEndpoints.join, async ({ caller, body, request }) =>
    serialize(await classrooms.join(body.pin, caller.user.id, request.ip)),
  );

  route(app, classroomsEndpoints.leave, async ({ caller, body }) => {
    await classrooms.leave(body.id, caller.user.id);
    return { detail: 'You have left the classroom.' };
  });

  route(app, classroomsEndpoints.byPin, async ({ caller, query }) =>
    serialize(await classrooms.memberClassroomByPin(query.pin, caller.user.id)),
  );

  route(app, classroomsEndpoints.members, async ({ caller, query }) => {
    const classroom = await classrooms.memberClassroomByPin(query.pin, caller.user.id);
    // Pictures stored before the allow-list existed are not handed to classmates' browsers.
    return (await classrooms.members(classroom.id)).map((member) => ({
      ...member,
      profile_picture_uri: isAllowedProfilePicture(member.profile_picture_uri) ? member.profile_picture_uri : null,
    }));
  });

  route(app, classroomsEndpoints.lists, async ({ caller, query }) => {
    const classroom = await classrooms.memberClassroomByPin(query.pin, caller.user.id);
    return sharedLists(classroom.id, caller);
  });

  route(app, classroomsEndpoints.invite, async ({ caller, query, request }) => {
    const classroom = await classrooms.invite(query.pin, caller.user.id, request.ip);
    return {
      name: classroom.name,
      description: classroom.description,
      graphic_uri: classroom.graphicUri,
      member_count: classroom.memberCount,
    };
  });

  route(app, classroomsEndpoints.listProgress, async ({ caller, query }) => {
    const { list, members } = await classrooms.listProgress(query.pin, query.bulletin_id, caller.user.id);
    return {
      bulletin_id: list.id,
      quantity: list.wordIds.length,
      members: members.map((member) => ({
        ...member,
        last_studied: member.last_studied === null ? null : new Date(member.last_studied).toISOString(),
      })),
    };
  });

  route(app, classroomsEndpoints.manageShared, async ({ caller, body }) =>
    sharedLists(await classrooms.manageShared(body.pin, caller.user.id, body.checked_items), caller),
  );
};
