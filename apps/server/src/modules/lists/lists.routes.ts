import { listsEndpoints, type CefrLevel } from '@vocagarden/contract';
import type { FastifyPluginAsync } from 'fastify';
import { attachment } from '../../lib/http/attachment.ts';
import { route } from '../../lib/http/route.ts';
import type { Authenticated } from '../auth/tokens.repository.ts';
import type { Services } from '../../services.ts';
import type { BulletinRow } from '../vocabulary/vocabulary.repository.ts';
import { readerLanguage, serializeListSummary, serializeVoca } from '../vocabulary/vocabulary.serializers.ts';
import { listsService } from './lists.service.ts';

export const listsRoutes: FastifyPluginAsync<Services> = async (app, services) => {
  const lists = listsService(services);
  const summary = (caller: Authenticated, row: BulletinRow) => serializeListSummary(row, readerLanguage(caller));

  route(app, listsEndpoints.mine, async ({ caller }) =>
    (await lists.mine(caller.user.id)).map((row) => summary(caller, row)),
  );

  route(app, listsEndpoints.create, async ({ caller, body }) =>
    summary(caller, await lists.create(caller.user.id, body.title)),
  );

  route(app, listsEndpoints.detail, async ({ caller, params, query }) => {
    const { list, category, words, isOwner } = await lists.detail(params.id, caller);
    const language = readerLanguage(caller);
    return {
      ...serializeListSummary(list, language),
      category_id: list.categoryId,
      level: (category?.level ?? null) as CefrLevel | null,
      is_owner: isOwner,
      words: words.map((word) => serializeVoca(word, language, query.translations === 'all')),
    };
  });

  route(app, listsEndpoints.rename, async ({ caller, params, body }) =>
    summary(caller, await lists.rename(params.id, caller.user.id, body.title)),
  );

  route(app, listsEndpoints.remove, async ({ caller, params }) => {
    await lists.remove(params.id, caller.user.id);
    return null;
  });

  route(app, listsEndpoints.addWords, async ({ caller, params, body }) =>
    summary(caller, await lists.addWords(params.id, caller.user.id, body.voca_ids)),
  );

  route(app, listsEndpoints.removeWord, async ({ caller, params }) =>
    summary(caller, await lists.removeWord(params.id, caller.user.id, params.vocaId)),
  );

  route(app, listsEndpoints.importWords, async ({ caller, params, body }) => {
    const report = await lists.importWords(params.id, caller.user.id, body.text, body.format);
    return {
      list: summary(caller, report.list),
      added: report.added,
      already_in_list: report.alreadyInList,
      refused: report.refused.map((word) => ({ ...word, reason: 'premium_required' as const })),
      not_found: report.notFound,
    };
  });

  route(app, listsEndpoints.exportCsv, async ({ caller, params, reply }) => {
    const { filename, text } = await lists.exportList(params.id, caller, 'csv');
    reply.header('content-disposition', attachment(filename));
    return text;
  });

  route(app, listsEndpoints.exportAnki, async ({ caller, params, reply }) => {
    const { filename, text } = await lists.exportList(params.id, caller, 'anki');
    reply.header('content-disposition', attachment(filename));
    return text;
  });
};
