import { doublePrecision, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { userId } from './columns.ts';
import { bulletins } from './lists.ts';
import { vocas } from './vocabulary.ts';

/** FSRS scheduling state of one word for one learner (spaced review, via ts-fsrs). */
export const reviewCards = pgTable(
  'review_cards',
  {
    userId: userId(),
    vocaId: integer('voca_id')
      .notNull()
      .references(() => vocas.id, { onDelete: 'cascade' }),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: doublePrecision('stability').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    elapsedDays: integer('elapsed_days').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    learningSteps: integer('learning_steps').notNull(),
    reps: integer('reps').notNull(),
    lapses: integer('lapses').notNull(),
    state: integer('state').notNull(),
    lastReview: timestamp('last_review', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.vocaId] }), index('review_cards_user_due_idx').on(t.userId, t.due)],
);

/** A finished study or review session: the home page's streak, totals and "continue". */
export const studySessions = pgTable(
  'study_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userId(),
    bulletinId: integer('bulletin_id').references(() => bulletins.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    learned: integer('learned').notNull(),
    hard: integer('hard').notNull(),
    answers: integer('answers').notNull(),
    correct: integer('correct').notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('study_sessions_user_finished_idx').on(t.userId, t.finishedAt)],
);

/**
 * What the learner has shown in practice, per word (decision 020): when they last answered it and
 * when they first answered it right ("proven in practice"). Marking a word known never writes
 * here; only practice and review answers do, so proof stays apart from self-reported marks.
 */
export const wordPractice = pgTable(
  'word_practice',
  {
    userId: userId(),
    vocaId: integer('voca_id')
      .notNull()
      .references(() => vocas.id, { onDelete: 'cascade' }),
    practicedAt: timestamp('practiced_at', { withTimezone: true }).notNull(),
    provenAt: timestamp('proven_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.vocaId] })],
);
