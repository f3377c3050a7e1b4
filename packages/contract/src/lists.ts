import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { idParamSchema, idSchema, textSchema } from './primitives.ts';
import { MAX_RECORDS_PER_REQUEST } from './records.ts';
import { bulletinDetailSchema, listSummarySchema, translationsQuerySchema } from './vocabulary.ts';

/** Spec §9: free learners own up to 2 personal lists, premium learners up to 300. */
export const PERSONAL_LIST_LIMITS = { free: 2, premium: 300 } as const;

/** Sent as typed (spec §5), but never empty and at most 200 characters. */
export const listTitleSchema = textSchema(200).refine(
  (title) => title.trim().length > 0,
  'This field may not be blank.',
);

export const listTitleBodySchema = z.object({ title: listTitleSchema }).meta({ id: 'ListTitle' });

export const listWordsBodySchema = z
  .object({ voca_ids: z.array(idSchema).min(1).max(MAX_RECORDS_PER_REQUEST) })
  .meta({ id: 'ListWords' });

const idParams = z.object({ id: idParamSchema });
const tag = 'lists';

export const listsEndpoints = {
  mine: endpoint({
    method: 'GET',
    path: '/vocabulletins/',
    access: 'user',
    summary: "The user's personal lists",
    tag,
    status: 200,
    response: z.array(listSummarySchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/vocabulletins/',
    access: 'user',
    summary: 'Create a personal list (2 on the free plan, 300 on premium)',
    tag,
    body: listTitleBodySchema,
    status: 201,
    response: listSummarySchema,
    errors: [403],
  }),
  detail: endpoint({
    method: 'GET',
    path: '/vocabulletins/:id/',
    access: 'optional',
    summary: 'A list with its words: official, own, or shared into one of my classrooms',
    tag,
    params: idParams,
    query: translationsQuerySchema,
    status: 200,
    response: bulletinDetailSchema,
    errors: [403, 404],
  }),
  rename: endpoint({
    method: 'PATCH',
    path: '/vocabulletins/:id/',
    access: 'user',
    summary: 'Rename an own list',
    tag,
    params: idParams,
    body: listTitleBodySchema,
    status: 200,
    response: listSummarySchema,
    errors: [404],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/vocabulletins/:id/',
    access: 'user',
    summary: 'Delete an own list (it leaves every classroom)',
    tag,
    params: idParams,
    status: 204,
    response: z.null(),
    errors: [404],
  }),
  addWords: endpoint({
    method: 'POST',
    path: '/vocabulletins/:id/words/',
    access: 'user',
    summary: 'Add words to an own list (in order, each once)',
    tag,
    params: idParams,
    body: listWordsBodySchema,
    status: 200,
    response: listSummarySchema,
    errors: [403, 404],
  }),
  removeWord: endpoint({
    method: 'DELETE',
    path: '/vocabulletins/:id/words/:vocaId/',
    access: 'user',
    summary: 'Remove a word from an own list',
    tag,
    params: z.object({ id: idParamSchema, vocaId: idParamSchema }),
    status: 200,
    response: listSummarySchema,
    errors: [404],
  }),
};
