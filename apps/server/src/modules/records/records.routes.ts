import { recordsEndpoints, recordSets } from '@vocagarden/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/http/route.ts';
import type { Services } from '../../services.ts';
import { serializeRecord } from './record.serializer.ts';
import { recordsService } from './records.service.ts';

/** vocarecords/ (known) and vocahardrecords/ (challenging): the same routes over two sets. */
export const recordsRoutes: FastifyPluginAsync<Services> = async (app, services) => {
  const records = recordsService(services);

  for (const set of recordSets) {
    const endpoints = recordsEndpoints[set];

    route(app, endpoints.list, ({ caller }) => records.list(set, caller.user.id));

    route(app, endpoints.mark, async ({ caller, body }) =>
      (await records.mark(set, caller.user.id, 'voca_id' in body ? [body.voca_id] : body.voca_ids)).map(
        serializeRecord,
      ),
    );

    route(app, endpoints.unmark, async ({ caller, params }) => {
      await records.unmark(set, caller.user.id, params.vocaId);
      return null;
    });
  }
};
