import { z } from 'zod';
import { cefrLevelSchema, vocaSchema } from './vocabulary.ts';

export const reviewGradeSchema = z.enum(['again', 'hard', 'good', 'easy']);
export type ReviewGrade = z.infer<typeof reviewGradeSchema>;

export const reviewAnswerSchema = z
  .object({ voca_id: z.number().int().positive(), grade: reviewGradeSchema })
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
    bulletin_id: z.number().int().positive().nullable(),
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

export const homeSummarySchema = z
  .object({
    total_learned: z.number().int(),
    total_difficult: z.number().int(),
    levels: z.array(z.object({ level: cefrLevelSchema, known: z.number().int(), total: z.number().int() })),
    streak: z.number().int(),
    studied_today: z.boolean(),
    due_reviews: z.number().int(),
    last_list: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  })
  .meta({ id: 'HomeSummary' });
export type HomeSummary = z.infer<typeof homeSummarySchema>;
