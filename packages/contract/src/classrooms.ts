import { z } from 'zod';
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
  .object({ name: z.string().max(200), description: z.string().max(2000).default('') })
  .meta({ id: 'ClassroomBody' });

export const classroomPatchSchema = classroomBodySchema.partial().meta({ id: 'ClassroomPatch' });

export const pinSchema = z.string().trim().max(32);
export const pinBodySchema = z.object({ pin: pinSchema }).meta({ id: 'ClassroomPin' });
export const pinQuerySchema = z.object({ pin: pinSchema });
export const leaveBodySchema = z.object({ id: z.number().int().positive() }).meta({ id: 'ClassroomLeave' });

export const manageSharedSchema = z
  .object({ pin: pinSchema, checked_items: z.array(z.number().int().positive()).max(300) })
  .meta({ id: 'ManageShared' });

export const classroomMemberSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    profile_picture_uri: z.string().nullable(),
    total_learned: z.number().int(),
    total_difficult: z.number().int(),
  })
  .meta({ id: 'ClassroomMember' });
export type ClassroomMember = z.infer<typeof classroomMemberSchema>;

export const classroomListSchema = listSummarySchema
  .extend({ bulletin_id: z.number().int() })
  .meta({ id: 'ClassroomList' });
export type ClassroomList = z.infer<typeof classroomListSchema>;
