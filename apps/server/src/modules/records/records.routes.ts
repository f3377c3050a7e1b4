import { recordsEndpoints, recordSets, type VocaRecord } from '@vocagarden/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/http/route.ts';
import type { Services } from '../../services.ts';
import { recordsService } from './records.service.ts';

const serialize = (row: { id: number; vocaId: number; createdAt: Date }): VocaRecord => ({
  id: row.id,
  voca_id: row.vocaId,
  created_at: row.createdAt.toISOString(),
});

/** vocarecords/ (known) and vocahardrecords/ (challenging): the same routes over two sets. */
export const recordsRoutes: FastifyPluginAsync<Services> = async (app, services) => {
  const records = recordsService(services);

  for (const set of recordSets) {
    const endpoints = recordsEndpoints[set];

    route(
      app,
      endpoints.list,
      async ({ caller }) => (await records.list(set, caller.user.id)).map(serialize),
      // Thousands of rows: the schema documents the shape, plain JSON.stringify writes it.
      { serializerCompiler: () => JSON.stringify },
    );

    route(app, endpoints.mark, async ({ caller, body }) =>
      (await records.mark(set, caller.user.id, 'voca_id' in body ? [body.voca_id] : body.voca_ids)).map(serialize),
    );

    route(app, endpoints.unmark, async ({ caller, params }) => {
      await records.unmark(set, caller.user.id, params.vocaId);
      return null;
    });
  }
};
