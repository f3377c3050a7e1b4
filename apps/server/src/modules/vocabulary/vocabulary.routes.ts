import { MAX_VOCA_IDS_PER_REQUEST, vocabularyEndpoints, type CefrLevel } from '@vocagarden/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ApiError, notFound } from '../../lib/errors.ts';
import { route } from '../../lib/http/route.ts';
import type { Services } from '../../services.ts';
import { vocabularyService } from './vocabulary.service.ts';
import { readerLanguage, serializeVideoClip, serializeVoca } from './vocabulary.serializers.ts';

export const vocabularyRoutes: FastifyPluginAsync<Services> = async (app, services) => {
  const vocabulary = vocabularyService(services);

  route(app, vocabularyEndpoints.levels, async () =>
    (await vocabulary.levelSummaries()).map((row) => ({ ...row, level: row.level as CefrLevel })),
  );

  route(app, vocabularyEndpoints.categories, async ({ caller, query }) =>
    vocabulary.categories(query.level, readerLanguage(caller)),
  );

  route(app, vocabularyEndpoints.category, async ({ caller, params }) => {
    const category = await vocabulary.category(params.id, readerLanguage(caller));
    if (!category) throw notFound();
    return category;
  });

  route(app, vocabularyEndpoints.categoryPdf, async ({ caller, params, reply }) => {
    const { filename, pdf } = await vocabulary.categoryPdf(params.id, caller.user.id, readerLanguage(caller));
    // A Buffer goes out as it is, past the JSON serializer. Signed-in answers are no-store (app.ts).
    reply.header('content-type', 'application/pdf');
    reply.header('content-disposition', `attachment; filename="${filename}"`);
    return pdf;
  });

  route(app, vocabularyEndpoints.vocas, async ({ caller, query }) => {
    const ids = [...new Set(query.ids.split('-').map(Number))];
    if (ids.length > MAX_VOCA_IDS_PER_REQUEST) {
      throw new ApiError(400, 'invalid', `At most ${MAX_VOCA_IDS_PER_REQUEST} ids at a time.`);
    }
    const language = readerLanguage(caller);
    return (await vocabulary.readableVocas(ids, caller?.user.id ?? null)).map((row) =>
      serializeVoca(row, language, query.translations === 'all'),
    );
  });

  route(app, vocabularyEndpoints.videos, async ({ caller, params }) => {
    const { clips, total } = await vocabulary.videos(params.id, caller?.user.id ?? null);
    return { clips: clips.map(serializeVideoClip), total };
  });

  route(app, vocabularyEndpoints.levelSample, async ({ caller, query }) => {
    const language = readerLanguage(caller);
    return (await vocabulary.levelSample(query.level, query.limit, caller.user.id)).map((row) =>
      serializeVoca(row, language),
    );
  });

  route(app, vocabularyEndpoints.search, async ({ caller, query }) => {
    const language = readerLanguage(caller);
    return (await vocabulary.search(query.q, query.limit, caller?.user.id ?? null)).map((row) =>
      serializeVoca(row, language),
    );
  });
};
