import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { idSchema } from './primitives.ts';
import { cefrLevelSchema, vocaSchema } from './vocabulary.ts';

export const reviewGradeSchema = z.enum(['again', 'hard', 'good', 'easy']);
export type ReviewGrade = z.infer<typeof reviewGradeSchema>;

export const reviewAnswerSchema = z
  .object({ voca_id: idSchema, grade: reviewGradeSchema })
  .meta({ id: 'ReviewAnswer' });

export const reviewCardSchema = z
  .object({ voca_id: z.number().int(), due: z.iso.datetime(), reps: z.number().int(), lapses: z.number().int() })
  .meta({ id: 'ReviewCard' });

export const dueReviewsSchema = z
  .object({ count: z.number().int(), words: z.array(vocaSchema) })
  .meta({ id: 'DueReviews' });
export type DueReviews = z.infer<typeof dueReviewsSchema>;

export const finishedSessionSchema = z
  .object({
    kind: z.enum(['list', 'review']),
    bulletin_id: idSchema.nullable(),
    learned: z.number().int().min(0).max(5000),
    hard: z.number().int().min(0).max(5000),
    answers: z.number().int().min(0).max(100_000),
    correct: z.number().int().min(0).max(100_000),
  })
  .refine((session) => session.correct <= session.answers, {
    message: 'correct cannot exceed answers',
    path: ['correct'],
  })
  .meta({ id: 'FinishedSession' });
export type FinishedSession = z.infer<typeof finishedSessionSchema>;

/** A word the learner answered right in practice or review (decision 020); marking never proves. */
export const provenWordSchema = z
  .object({ voca_id: z.number().int(), proven_at: z.iso.datetime() })
  .meta({ id: 'ProvenWord' });
export type ProvenWord = z.infer<typeof provenWordSchema>;

export const homeSummarySchema = z
  .object({
    /** Words marked known (self-reported). */
    total_learned: z.number().int(),
    total_difficult: z.number().int(),
    /** Words proven in practice, marked or not. */
    total_proven: z.number().int(),
    levels: z.array(
      z.object({
        level: cefrLevelSchema,
        known: z.number().int(),
        proven: z.number().int(),
        total: z.number().int(),
      }),
    ),
    streak: z.number().int(),
    studied_today: z.boolean(),
    due_reviews: z.number().int(),
    last_list: z.object({ id: z.number().int(), title: z.string() }).nullable(),
    /**
     * Where to start (decision 021): the first official list, at the learner's starting level or
     * above, that they may open and have not finished (known < quantity). Null without a starting
     * level, or when every such list is done or premium-locked.
     */
    suggested_list: z
      .object({
        id: z.number().int(),
        title: z.string(),
        level: cefrLevelSchema,
        quantity: z.number().int(),
        known: z.number().int(),
      })
      .nullable(),
  })
  .meta({ id: 'HomeSummary' });
export type HomeSummary = z.infer<typeof homeSummarySchema>;

/** An IANA time zone the server's Intl knows, e.g. Europe/Istanbul. */
export const timeZoneSchema = z
  .string()
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone.');

const tag = 'study';

export const studyEndpoints = {
  answerReview: endpoint({
    method: 'POST',
    path: '/reviews/',
    access: 'user',
    summary: "Grade a practice answer; moves the word's FSRS card",
    tag,
    body: reviewAnswerSchema,
    status: 200,
    response: reviewCardSchema,
  }),
  provenWords: endpoint({
    method: 'GET',
    path: '/reviews/proven/',
    access: 'user',
    summary: 'Words the learner has proven in practice (answered right in a session or review)',
    tag,
    status: 200,
    response: z.array(provenWordSchema),
  }),
  dueReviews: endpoint({
    method: 'GET',
    path: '/reviews/due/',
    access: 'user',
    summary: 'Words due for review (first 50) and how many are due',
    tag,
    status: 200,
    response: dueReviewsSchema,
  }),
  finishSession: endpoint({
    method: 'POST',
    path: '/study-sessions/',
    access: 'user',
    summary: 'Record a finished study or review session',
    tag,
    body: finishedSessionSchema,
    status: 201,
    response: z.object({ id: z.number().int() }),
    errors: [404],
  }),
  home: endpoint({
    method: 'GET',
    path: '/home/',
    access: 'user',
    summary: "The home page's totals, level progress, streak, due reviews and the list to start with",
    tag,
    query: z.object({ tz: timeZoneSchema.default('UTC') }),
    status: 200,
    response: homeSummarySchema,
  }),
};
