import type { VocaRecord } from '@vocagarden/contract';

export const serializeRecord = (row: { id: number; vocaId: number; createdAt: Date }): VocaRecord => ({
  id: row.id,
  voca_id: row.vocaId,
  created_at: row.createdAt.toISOString(),
});
