import {
  apiPaths,
  classroomBodySchema,
  classroomListSchema,
  classroomMemberSchema,
  classroomPatchSchema,
  classroomSchema,
  leaveBodySchema,
  manageSharedSchema,
  pinBodySchema,
  pinQuerySchema,
  type Classroom,
  type ClassroomList,
  type UiLanguage,
} from '@vocagarden/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, forbidden, notFound } from '../../lib/errors.ts';
import { limits } from '../../lib/rate-limit.ts';
import type { Services } from '../../services.ts';
import { requireAuth } from '../auth/auth.hook.ts';
import { illustrationUri } from '../vocabulary/content-import.ts';
import { readerLanguage, serializeListSummary } from '../vocabulary/vocabulary.serializers.ts';
import { classroomsRepository, type ClassroomWithCounts } from './classrooms.repository.ts';

const classroomPictures = ['apple-tree', 'greenhouse', 'oak', 'beehive', 'pond', 'flower', 'tree', 'basket'];

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

/**
 * Classrooms, as the spec's calls. Authorization lives in two helpers: anyone who is not a member
 * gets 404 (so a PIN or id reveals nothing), and members who are not the admin get 403 on admin
 * actions.
 */
export const classroomsRoutes: FastifyPluginAsyncZod<Services> = async (app, { db, limiter }) => {
  const classrooms = classroomsRepository(db);
  const tags = ['classrooms'];
  const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

  async function sharedLists(classroomId: number, language: UiLanguage): Promise<ClassroomList[]> {
    return (await classrooms.sharedLists(classroomId)).map(({ list }) => ({
      ...serializeListSummary(list, language),
      bulletin_id: list.id,
    }));
  }

  async function asMember(classroom: ClassroomWithCounts | undefined, userId: number) {
    if (!classroom || !(await classrooms.isMember(classroom.id, userId))) throw notFound();
    return classroom;
  }
  async function asAdmin(classroom: ClassroomWithCounts | undefined, userId: number) {
    const member = await asMember(classroom, userId);
    if (member.adminId !== userId) throw forbidden();
    return member;
  }

  app.get(apiPaths.classrooms, { schema: { tags, response: { 200: z.array(classroomSchema) } } }, async (request) => {
    const { user } = requireAuth(request);
    return (await classrooms.forMember(user.id)).map(serialize);
  });

  app.post(
    apiPaths.classrooms,
    { schema: { tags, body: classroomBodySchema, response: { 201: classroomSchema } } },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const picture = illustrationUri(classroomPictures[Math.floor(Math.random() * classroomPictures.length)]!);
      const created = await db.transaction((tx) =>
        classroomsRepository(tx).create(user.id, request.body.name, request.body.description, picture),
      );
      return reply.status(201).send(serialize((await classrooms.byId(created.id))!));
    },
  );

  for (const method of ['PATCH', 'PUT'] as const) {
    app.route({
      method,
      url: apiPaths.classroom,
      schema: {
        tags,
        params: idParams,
        body: method === 'PUT' ? classroomBodySchema : classroomPatchSchema,
        response: { 200: classroomSchema },
      },
      handler: async (request) => {
        const { user } = requireAuth(request);
        const classroom = await asAdmin(await classrooms.byId(request.params.id), user.id);
        await classrooms.update(classroom.id, request.body);
        return serialize((await classrooms.byId(classroom.id))!);
      },
    });
  }

  app.delete(
    apiPaths.classroom,
    { schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const classroom = await asAdmin(await classrooms.byId(request.params.id), user.id);
      await classrooms.remove(classroom.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    apiPaths.classroomJoin,
    { schema: { tags, body: pinBodySchema, response: { 200: classroomSchema } } },
    async (request) => {
      const { user } = requireAuth(request);
      // Failed guesses count per learner and per IP; once over, every attempt waits out the window.
      await limiter.check(limits.classroomJoinFailuresPerUser, String(user.id));
      await limiter.check(limits.classroomJoinFailuresPerIp, request.ip);
      const classroom = await classrooms.byPin(request.body.pin);
      if (!classroom) {
        await limiter.recordFailure(limits.classroomJoinFailuresPerUser, String(user.id));
        await limiter.recordFailure(limits.classroomJoinFailuresPerIp, request.ip);
        throw notFound();
      }
      await classrooms.addMember(classroom.id, user.id);
      return serialize((await classrooms.byId(classroom.id))!);
    },
  );

  app.post(
    apiPaths.classroomLeave,
    { schema: { tags, body: leaveBodySchema, response: { 200: z.object({ detail: z.string() }) } } },
    async (request) => {
      const { user } = requireAuth(request);
      const classroom = await asMember(await classrooms.byId(request.body.id), user.id);
      if (classroom.adminId === user.id) throw new ApiError(400, 'admin_cannot_leave');
      await classrooms.removeMember(classroom.id, user.id);
      return { detail: 'You have left the classroom.' };
    },
  );

  app.get(
    apiPaths.classroomByPin,
    { schema: { tags, querystring: pinQuerySchema, response: { 200: classroomSchema } } },
    async (request) => {
      const { user } = requireAuth(request);
      return serialize(await asMember(await classrooms.byPin(request.query.pin), user.id));
    },
  );

  app.get(
    apiPaths.classroomMembers,
    { schema: { tags, querystring: pinQuerySchema, response: { 200: z.array(classroomMemberSchema) } } },
    async (request) => {
      const { user } = requireAuth(request);
      const classroom = await asMember(await classrooms.byPin(request.query.pin), user.id);
      return classrooms.members(classroom.id);
    },
  );

  app.get(
    apiPaths.classroomLists,
    { schema: { tags, querystring: pinQuerySchema, response: { 200: z.array(classroomListSchema) } } },
    async (request) => {
      const { user } = requireAuth(request);
      const classroom = await asMember(await classrooms.byPin(request.query.pin), user.id);
      return sharedLists(classroom.id, readerLanguage(request));
    },
  );

  app.post(
    apiPaths.classroomManageShared,
    { schema: { tags, body: manageSharedSchema, response: { 200: z.array(classroomListSchema) } } },
    async (request) => {
      const { user } = requireAuth(request);
      const classroom = await asAdmin(await classrooms.byPin(request.body.pin), user.id);
      const wanted = [...new Set(request.body.checked_items)];
      const owned = await classrooms.ownedListIds(user.id, wanted);
      const foreign = wanted.filter((id) => !owned.has(id));
      if (foreign.length > 0)
        throw new ApiError(400, 'not_your_lists', `You can only share your own lists: ${foreign.join(', ')}.`);
      await db.transaction((tx) => classroomsRepository(tx).replaceShared(classroom.id, wanted));
      return sharedLists(classroom.id, readerLanguage(request));
    },
  );
};
