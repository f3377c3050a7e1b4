import { studyEndpoints } from '@vocagarden/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/http/route.ts';
import { ensureRecurring, workRecurring } from '../../lib/jobs/recurring.ts';
import type { Services } from '../../services.ts';
import { startingLevelOf } from '../users/user.serializer.ts';
import { readerLanguage, serializeVoca } from '../vocabulary/vocabulary.serializers.ts';
import { studyReminders } from './study-reminders.ts';
import { studyService } from './study.service.ts';

export const studyRoutes: FastifyPluginAsync<Services> = async (app, services) => {
  const study = studyService(services);
  const reminders = studyReminders(services);
  await workRecurring(services.jobs, reminders);
  // After app.ts's onReady hook has started the queue.
  app.addHook('onReady', () => ensureRecurring(services.jobs, reminders));

  route(app, studyEndpoints.answerReview, async ({ caller, body }) => {
    const card = await study.answerReview(caller.user.id, body.voca_id, body.grade);
    return { voca_id: card.vocaId, due: card.due.toISOString(), reps: card.reps, lapses: card.lapses };
  });

  route(app, studyEndpoints.provenWords, async ({ caller }) =>
    (await study.provenWords(caller.user.id)).map((row) => ({
      voca_id: row.vocaId,
      // The query keeps only proven rows.
      proven_at: row.provenAt!.toISOString(),
    })),
  );

  route(app, studyEndpoints.dueReviews, async ({ caller }) => {
    const { count, words } = await study.dueReviews(caller.user.id);
    const language = readerLanguage(caller);
    return { count, words: words.map((row) => serializeVoca(row, language)) };
  });

  route(app, studyEndpoints.finishSession, async ({ caller, body }) => ({
    id: await study.finishSession(caller, body),
  }));

  route(app, studyEndpoints.home, async ({ caller, query }) =>
    study.home(caller.user.id, query.tz, readerLanguage(caller), startingLevelOf(caller.user)),
  );
};
