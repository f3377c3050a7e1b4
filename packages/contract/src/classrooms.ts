import { z } from 'zod';
import { detailSchema } from './auth.ts';
import { endpoint } from './endpoint.ts';
import { idParamSchema, idSchema, textSchema } from './primitives.ts';
import { listSummarySchema } from './vocabulary.ts';

export const classroomSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    /** The admin's user id (spec §3); the client compares it with the current user. */
    admin: z.number().int(),
    classroom_pin: z.string(),
    graphic_uri: z.string(),
    /** The header image's alt text. */
    title: z.string(),
    member_count: z.number().int(),
    list_count: z.number().int(),
  })
  .meta({ id: 'Classroom' });
export type Classroom = z.infer<typeof classroomSchema>;

/** Name and description are sent as typed (spec §5); only their length is bounded. */
export const classroomBodySchema = z
  .object({ name: textSchema(200), description: textSchema(2000).default('') })
  .meta({ id: 'ClassroomBody' });

export const classroomPatchSchema = classroomBodySchema.partial().meta({ id: 'ClassroomPatch' });

export const pinSchema = textSchema(32, { trim: true });
export const pinBodySchema = z.object({ pin: pinSchema }).meta({ id: 'ClassroomPin' });
export const pinQuerySchema = z.object({ pin: pinSchema });
export const leaveBodySchema = z.object({ id: idSchema }).meta({ id: 'ClassroomLeave' });

export const manageSharedSchema = z
  .object({ pin: pinSchema, checked_items: z.array(idSchema).max(300) })
  .meta({ id: 'ManageShared' });

export const classroomMemberSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    profile_picture_uri: z.string().nullable(),
    /** Words marked known (self-reported). */
    total_learned: z.number().int(),
    total_difficult: z.number().int(),
    /** Words proven in practice (decision 020). */
    total_proven: z.number().int(),
  })
  .meta({ id: 'ClassroomMember' });
export type ClassroomMember = z.infer<typeof classroomMemberSchema>;

export const classroomListSchema = listSummarySchema
  .extend({ bulletin_id: z.number().int() })
  .meta({ id: 'ClassroomList' });
export type ClassroomList = z.infer<typeof classroomListSchema>;

/** What a signed-in visitor with the PIN sees before joining (the invite link /classroom/{pin}). */
export const classroomInviteSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    graphic_uri: z.string(),
    member_count: z.number().int(),
  })
  .meta({ id: 'ClassroomInvite' });
export type ClassroomInvite = z.infer<typeof classroomInviteSchema>;

export const listProgressQuerySchema = pinQuerySchema.extend({ bulletin_id: idParamSchema });

/** One member's progress on one shared list (decision 020). */
export const memberListProgressSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** Shown to the classroom's admin, and to a member in their own row only. */
    email: z.string(),
    /** Words of the list proven in practice. */
    proven: z.number().int(),
    /** Words of the list marked known. */
    known: z.number().int(),
    /** Words of the list marked challenging. */
    hard: z.number().int(),
    /** The latest practice answer on a word of the list, or finished session on the list. */
    last_studied: z.iso.datetime().nullable(),
  })
  .meta({ id: 'MemberListProgress' });
export type MemberListProgress = z.infer<typeof memberListProgressSchema>;

export const classroomListProgressSchema = z
  .object({
    bulletin_id: z.number().int(),
    /** Words in the list. */
    quantity: z.number().int(),
    /** Every member for the admin; only the caller's own row for other members. */
    members: z.array(memberListProgressSchema),
  })
  .meta({ id: 'ClassroomListProgress' });
export type ClassroomListProgress = z.infer<typeof classroomListProgressSchema>;

const idParams = z.object({ id: idParamSchema });
const tag = 'classrooms';

/** Non-members get 404 on every classroom call (a PIN or id reveals nothing); members get 403 on admin actions. */
export const classroomsEndpoints = {
  mine: endpoint({
    method: 'GET',
    path: '/vocaclassroom/',
    access: 'user',
    summary: "The user's classrooms",
    tag,
    status: 200,
    response: z.array(classroomSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/vocaclassroom/',
    access: 'user',
    summary: 'Create a classroom (the creator is its admin)',
    tag,
    body: classroomBodySchema,
    status: 201,
    response: classroomSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/vocaclassroom/:id/',
    access: 'user',
    summary: 'Change name or description (admin)',
    tag,
    params: idParams,
    body: classroomPatchSchema,
    status: 200,
    response: classroomSchema,
    errors: [403, 404],
  }),
  replace: endpoint({
    method: 'PUT',
    path: '/vocaclassroom/:id/',
    access: 'user',
    summary: 'Set name and description (admin)',
    tag,
    params: idParams,
    body: classroomBodySchema,
    status: 200,
    response: classroomSchema,
    errors: [403, 404],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/vocaclassroom/:id/',
    access: 'user',
    summary: 'Delete a classroom (admin)',
    tag,
    params: idParams,
    status: 204,
    response: z.null(),
    errors: [403, 404],
  }),
  join: endpoint({
    method: 'POST',
    path: '/vocaclassroom/join/',
    access: 'user',
    summary: 'Join a classroom by PIN',
    tag,
    body: pinBodySchema,
    status: 200,
    response: classroomSchema,
    errors: [404, 429],
  }),
  leave: endpoint({
    method: 'POST',
    path: '/vocaclassroom/leave/',
    access: 'user',
    summary: 'Leave a classroom (members other than the admin)',
    tag,
    body: leaveBodySchema,
    status: 200,
    response: detailSchema,
    errors: [404],
  }),
  byPin: endpoint({
    method: 'GET',
    path: '/vocaclassroom/get_by_pin/',
    access: 'user',
    summary: 'A classroom of mine by PIN',
    tag,
    query: pinQuerySchema,
    status: 200,
    response: classroomSchema,
    errors: [404],
  }),
  members: endpoint({
    method: 'GET',
    path: '/vocaclassroom/get_members/',
    access: 'user',
    summary: "A classroom's members with their totals",
    tag,
    query: pinQuerySchema,
    status: 200,
    response: z.array(classroomMemberSchema),
    errors: [404],
  }),
  lists: endpoint({
    method: 'GET',
    path: '/vocaclassroom/get_lists/',
    access: 'user',
    summary: "A classroom's shared lists",
    tag,
    query: pinQuerySchema,
    status: 200,
    response: z.array(classroomListSchema),
    errors: [404],
  }),
  invite: endpoint({
    method: 'GET',
    path: '/vocaclassroom/invite/',
    access: 'user',
    summary: 'What the invite link shows before joining; a wrong PIN counts against the join limits',
    tag,
    query: pinQuerySchema,
    status: 200,
    response: classroomInviteSchema,
    errors: [404, 429],
  }),
  listProgress: endpoint({
    method: 'GET',
    path: '/vocaclassroom/get_list_progress/',
    access: 'user',
    summary: "Members' progress on a shared list (the admin sees everyone, a member only themselves)",
    tag,
    query: listProgressQuerySchema,
    status: 200,
    response: classroomListProgressSchema,
    errors: [404],
  }),
  manageShared: endpoint({
    method: 'POST',
    path: '/vocaclassroom/manage_shared/',
    access: 'user',
    summary: 'Choose which of my lists the classroom shares (admin)',
    tag,
    body: manageSharedSchema,
    status: 200,
    response: z.array(classroomListSchema),
    errors: [403, 404],
  }),
};
