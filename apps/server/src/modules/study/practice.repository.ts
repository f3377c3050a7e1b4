import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { wordPractice } from '../../db/schema.ts';

/** Practice answers per word (decision 020): the latest answer, and the first right one (the proof). */
export function practiceRepository(db: Executor) {
  return {
    /** One upsert on the hot answer path; a later wrong answer never takes a proof back. */
    async record(userId: number, vocaId: number, at: Date, proves: boolean): Promise<void> {
      await db
        .insert(wordPractice)
        .values({ userId, vocaId, practicedAt: at, provenAt: proves ? at : null })
        .onConflictDoUpdate({
          target: [wordPractice.userId, wordPractice.vocaId],
          set: {
            practicedAt: sql`excluded.practiced_at`,
            provenAt: sql`coalesce(${wordPractice.provenAt}, excluded.proven_at)`,
          },
        });
    },

    proven(userId: number) {
      return db
        .select({ vocaId: wordPractice.vocaId, provenAt: wordPractice.provenAt })
        .from(wordPractice)
        .where(and(eq(wordPractice.userId, userId), isNotNull(wordPractice.provenAt)))
        .orderBy(asc(wordPractice.provenAt), asc(wordPractice.vocaId));
    },
  };
}
