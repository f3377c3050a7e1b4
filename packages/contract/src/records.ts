import { z } from 'zod';

export const vocaRecordSchema = z
  .object({ id: z.number().int(), voca_id: z.number().int(), created_at: z.iso.datetime() })
  .meta({ id: 'VocaRecord' });
export type VocaRecord = z.infer<typeof vocaRecordSchema>;

export const MAX_RECORDS_PER_REQUEST = 5000;

const vocaId = z.number().int().positive().max(2_147_483_647);

/** Mark one word (`voca_id`) or many (`voca_ids`, up to 5,000). */
export const markRecordsSchema = z
  .union([
    z.object({ voca_id: vocaId }).strict(),
    z.object({ voca_ids: z.array(vocaId).min(1).max(MAX_RECORDS_PER_REQUEST) }).strict(),
  ])
  .meta({ id: 'MarkRecords' });
export type MarkRecords = z.infer<typeof markRecordsSchema>;

/** Product events the client may send (POST event-call/{event}/). */
export const productEventNames = [
  'display_card',
  'paywall_click',
  'study_started',
  'study_finished',
  'pdf_download_click',
] as const;
export const productEventSchema = z.enum(productEventNames);
export const MAX_EVENT_PAYLOAD_BYTES = 4096;
