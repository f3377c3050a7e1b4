import { z } from 'zod';
import { MAX_RECORDS_PER_REQUEST } from './records.ts';

/** Spec §9: free learners own up to 2 personal lists, premium learners up to 300. */
export const PERSONAL_LIST_LIMITS = { free: 2, premium: 300 } as const;

/** Sent as typed (spec §5), but never empty and at most 200 characters. */
export const listTitleSchema = z
  .string()
  .max(200, 'Ensure this field has no more than 200 characters.')
  .refine((title) => title.trim().length > 0, 'This field may not be blank.');

export const listTitleBodySchema = z.object({ title: listTitleSchema }).meta({ id: 'ListTitle' });

export const listWordsBodySchema = z
  .object({ voca_ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(MAX_RECORDS_PER_REQUEST) })
  .meta({ id: 'ListWords' });
