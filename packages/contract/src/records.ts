import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { idParamSchema, idSchema } from './primitives.ts';

export const vocaRecordSchema = z
  .object({ id: z.number().int(), voca_id: z.number().int(), created_at: z.iso.datetime() })
  .meta({ id: 'VocaRecord' });
export type VocaRecord = z.infer<typeof vocaRecordSchema>;

export const MAX_RECORDS_PER_REQUEST = 5000;

/** Mark one word (`voca_id`) or many (`voca_ids`, up to 5,000). */
export const markRecordsSchema = z
  .union([
    z.object({ voca_id: idSchema }).strict(),
    z.object({ voca_ids: z.array(idSchema).min(1).max(MAX_RECORDS_PER_REQUEST) }).strict(),
  ])
  .meta({ id: 'MarkRecords' });
export type MarkRecords = z.infer<typeof markRecordsSchema>;

/** The two record sets: known words (vocarecords) and challenging words (vocahardrecords). */
export const recordSets = ['known', 'hard'] as const;
export type RecordSet = (typeof recordSets)[number];

function recordEndpoints(set: RecordSet, collection: string, label: string) {
  const tag = 'records';
  return {
    list: endpoint({
      method: 'GET',
      path: `/${collection}/`,
      access: 'user',
      summary: `The user's ${label} words`,
      tag,
      status: 200,
      response: z.array(vocaRecordSchema),
    }),
    mark: endpoint({
      method: 'POST',
      path: `/${collection}/`,
      access: 'user',
      summary: `Mark words ${label} (and no longer ${set === 'known' ? 'challenging' : 'known'})`,
      tag,
      body: markRecordsSchema,
      status: 201,
      response: z.array(vocaRecordSchema),
    }),
    unmark: endpoint({
      method: 'DELETE',
      path: `/${collection}/:vocaId/`,
      access: 'user',
      summary: `Remove a word from the ${label} words`,
      tag,
      params: z.object({ vocaId: idParamSchema }),
      status: 204,
      response: z.null(),
    }),
  };
}

export const recordsEndpoints = {
  known: recordEndpoints('known', 'vocarecords', 'known'),
  hard: recordEndpoints('hard', 'vocahardrecords', 'challenging'),
} satisfies Record<RecordSet, unknown>;

/** Product events the client may send (POST event-call/{event}/). */
export const productEventNames = [
  'display_card',
  'paywall_click',
  'study_started',
  'study_finished',
  'pdf_download_click',
] as const;
export const productEventSchema = z.enum(productEventNames);
export type ProductEvent = z.infer<typeof productEventSchema>;
export const MAX_EVENT_PAYLOAD_BYTES = 4096;

export const eventEndpoint = endpoint({
  method: 'POST',
  path: '/event-call/:event/',
  access: 'optional',
  summary: 'Record a product event (fire and forget)',
  tag: 'events',
  params: z.object({ event: productEventSchema }),
  body: z.record(z.string(), z.unknown()).optional(),
  status: 202,
  response: z.object({ detail: z.string() }),
  errors: [413, 429],
});
