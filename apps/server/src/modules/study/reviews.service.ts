import type { ReviewGrade } from '@vocagarden/contract';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { createEmptyCard, fsrs, Rating, type Card, type Grade } from 'ts-fsrs';
import type { Executor } from '../../db/client.ts';
import { reviewCards } from '../../db/schema.ts';
import { practiceRepository } from './practice.repository.ts';

const scheduler = fsrs({ enable_fuzz: false });
const grades: Record<ReviewGrade, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};
/** Answers that prove a word in practice; "hard" (accent, one typo) and "again" do not (decision 020). */
const provingGrades: ReadonlySet<ReviewGrade> = new Set(['good', 'easy']);

type CardRow = typeof reviewCards.$inferSelect;

function toCard(row: CardRow): Card {
  return {
    due: row.due,
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsedDays,
    scheduled_days: row.scheduledDays,
    learning_steps: row.learningSteps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state,
    ...(row.lastReview ? { last_review: row.lastReview } : {}),
  };
}

function toRow(userId: number, vocaId: number, card: Card): CardRow {
  return {
    userId,
    vocaId,
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ?? null,
  };
}

/** Spaced review with FSRS: every practice answer moves the word's card on the server. */
export function reviewsService(db: Executor, now: () => Date) {
  return {
    /** A practice answer: moves the card and records the practice (and the proof, when right). */
    async answer(userId: number, vocaId: number, grade: ReviewGrade): Promise<CardRow> {
      const [existing] = await db
        .select()
        .from(reviewCards)
        .where(and(eq(reviewCards.userId, userId), eq(reviewCards.vocaId, vocaId)));
      const at = now();
      const next = scheduler.next(existing ? toCard(existing) : createEmptyCard(at), at, grades[grade]).card;
      const row = toRow(userId, vocaId, next);
      const [saved] = await db
        .insert(reviewCards)
        .values(row)
        .onConflictDoUpdate({ target: [reviewCards.userId, reviewCards.vocaId], set: row })
        .returning();
      await practiceRepository(db).record(userId, vocaId, at, provingGrades.has(grade));
      return saved!;
    },

    /** The card a word newly marked known ('good') or challenging ('again') is scheduled with; marking proves nothing. */
    firstCard(grade: ReviewGrade): Card {
      const at = now();
      return scheduler.next(createEmptyCard(at), at, grades[grade]).card;
    },

    async dueCount(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(reviewCards)
        .where(and(eq(reviewCards.userId, userId), lte(reviewCards.due, now())));
      return row?.n ?? 0;
    },

    async dueVocaIds(userId: number, limit: number): Promise<number[]> {
      const rows = await db
        .select({ vocaId: reviewCards.vocaId })
        .from(reviewCards)
        .where(and(eq(reviewCards.userId, userId), lte(reviewCards.due, now())))
        .orderBy(asc(reviewCards.due))
        .limit(limit);
      return rows.map((row) => row.vocaId);
    },

    async forget(userId: number, vocaIds: number[]): Promise<void> {
      await db.delete(reviewCards).where(and(eq(reviewCards.userId, userId), inArray(reviewCards.vocaId, vocaIds)));
    },
  };
}
